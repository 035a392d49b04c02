import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { readMailbox, tempDataDir } from '../customer/test-helpers';
import { useTestDb } from '../test/db';
import { createOutbox, enqueueMail, type MailTransport } from './outbox';
import { mailOutbox } from './schema';
import { orderConfirmationMail, passwordResetMail, welcomeMail } from './templates';

const t = useTestDb();

describe('mail outbox', () => {
  it('writes each message as an .eml file in DATA_DIR/mail when no SMTP is set, and logs links', async () => {
    const dataDir = tempDataDir();
    const lines: unknown[] = [];
    const log = { info: (obj: unknown) => lines.push(obj), error: () => {}, warn: () => {} } as never;
    const outbox = createOutbox({ db: t.db, config: { smtpUrl: undefined, dataDir }, log, from: 'Shop <shop@example.co.uk>' });
    await outbox.send(passwordResetMail({ to: 'jane@example.co.uk', link: 'http://localhost:8080/customer/account/createpassword?id=1&token=abc', minutes: 60 }));
    await outbox.drain();
    await outbox.stop();
    const [mail] = readMailbox(dataDir);
    expect(mail).toMatchObject({ to: 'jane@example.co.uk', subject: 'Reset your Northgate Membranes password' });
    expect(mail!.text).toContain('http://localhost:8080/customer/account/createpassword?id=1&token=abc');
    expect(lines).toContainEqual(expect.objectContaining({ links: ['http://localhost:8080/customer/account/createpassword?id=1&token=abc'] }));
    expect(fs.readFileSync(path.join(dataDir, 'mail', mail!.file), 'utf8')).toMatch(/^From: Shop <shop@example\.co\.uk>$/m);
  });

  it('is transactional: a rolled-back transaction sends nothing', async () => {
    const sent: string[] = [];
    const transport: MailTransport = { kind: 'smtp', send: async (m) => (sent.push(m.subject), 'id') };
    const outbox = createOutbox({ db: t.db, config: { smtpUrl: undefined, dataDir: tempDataDir() }, transport });
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, welcomeMail({ to: 'rollback@example.co.uk', shopUrl: 'http://x' }));
        throw new Error('checkout failed');
      }),
    ).rejects.toThrow('checkout failed');
    await t.db.transaction(async (tx) => {
      await outbox.enqueue(tx, welcomeMail({ to: 'commit@example.co.uk', shopUrl: 'http://x' }));
    });
    outbox.kick();
    await outbox.drain();
    await outbox.stop();
    expect(sent).toEqual(['Welcome to Northgate Membranes']);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rollback@example.co.uk'));
    expect(rows).toHaveLength(0);
  });

  it('retries a failed delivery later with backoff, and gives up after 8 attempts', async () => {
    let fail = true;
    const transport: MailTransport = {
      kind: 'smtp',
      send: async () => {
        if (fail) throw new Error('SMTP down');
        return '<id@x>';
      },
    };
    const outbox = createOutbox({ db: t.db, config: { smtpUrl: undefined, dataDir: tempDataDir() }, transport });
    const id = await outbox.send(welcomeMail({ to: 'retry@example.co.uk', shopUrl: 'http://x' }));
    await outbox.drain();
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP down' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing happens.
    fail = false;
    expect(await outbox.deliverPending()).toBe(0);
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    expect(await outbox.deliverPending()).toBe(1);
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', transportId: '<id@x>', lastError: null });

    fail = true;
    const doomed = await outbox.send(welcomeMail({ to: 'doomed@example.co.uk', shopUrl: 'http://x' }));
    await outbox.drain();
    await t.db.update(mailOutbox).set({ attempts: 7, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, doomed));
    await outbox.deliverPending();
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, doomed));
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    await outbox.stop();
  });

  it('order confirmation: lines, totals in pounds, address and links, HTML escaped', () => {
    const mail = orderConfirmationMail({
      to: 'jane@example.co.uk',
      firstname: 'Jane <script>',
      number: '100000042',
      reference: 'ref',
      lines: [{ name: 'Cavity drain membrane', sku: 'HV-CM8', qty: 2, rowTotalPence: 17998, options: [{ label: 'Size', value: '20m²' }] }],
      subtotalPence: 17998,
      discountPence: 0,
      shippingPence: 995,
      taxPence: 3799,
      grandTotalPence: 22792,
      shippingDescription: 'Standard delivery',
      paymentTitle: 'Credit / debit card',
      shippingAddress: { name: 'Jane Mason', lines: ['12 Canal Wharf', 'Leeds', 'LS11 5PS'] },
      orderUrl: 'http://localhost:8080/sales/order/view/order_id/42',
      notificationsUrl: 'http://localhost:8080/aw_followupemail2/unsubscribe?token=t',
    });
    expect(mail.subject).toBe('Your Northgate Membranes order 100000042');
    expect(mail.text).toContain('2 x Cavity drain membrane (Size: 20m²) [HV-CM8]  £179.98');
    expect(mail.text).toContain('Total (inc VAT): £227.92');
    expect(mail.text).toContain('View your order: http://localhost:8080/sales/order/view/order_id/42');
    expect(mail.html).toContain('Jane &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});
