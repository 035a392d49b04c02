import { CONTACT_MESSAGES, INFO_EMAIL } from '@shop/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import { contactMessages, mailOutbox } from '../db/schema';
import { useSeededApp } from '../seed/testing';

const t = useSeededApp();

const valid = { name: 'Sam Hart', email: 'sam.hart@example.co.uk', phone: '07700 900123', message: 'Do you deliver cavity drain membrane to Leeds on Saturdays?' };
const post = (body: unknown, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact/messages', payload: body as object, remoteAddress });
const storedCount = async () => (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length;

describe('POST /api/contact/messages', () => {
  it('stores the message and mails it to the shop through the outbox', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { status, id } = res.json() as { status: string; id: number };
    expect(status).toBe('success');

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Sam Hart', email: 'sam.hart@example.co.uk', phone: '07700 900123', message: valid.message, clientIp: '10.1.0.1' });
    expect(row!.mailId).toBeGreaterThan(0);

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    expect(mail).toMatchObject({ template: 'contact_message', toAddress: INFO_EMAIL, subject: `Contact form message #${id} from Sam Hart` });
    expect(mail!.textBody).toContain(valid.message);
    expect(mail!.textBody).toContain('Email: sam.hart@example.co.uk');
    expect(mail!.meta).toMatchObject({ replyTo: 'sam.hart@example.co.uk' });
  });

  it('takes a message without a phone number and escapes HTML in the mail', async () => {
    const res = await post({ name: 'Jo', email: 'jo@example.co.uk', message: '<b>Hi</b> & thanks' });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'contact_message')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.textBody).toContain('Phone: not given');
    expect(mail!.htmlBody).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; thanks');
  });

  it.each([
    [{ ...valid, name: '  ' }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ ...valid, email: 'not-an-email' }, 'email', CONTACT_MESSAGES.emailInvalid],
    [{ ...valid, phone: 'call me' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
    [{ ...valid, message: '' }, 'message', CONTACT_MESSAGES.messageRequired],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message', CONTACT_MESSAGES.messageTooLong],
    [{ ...valid, message: 'bell \u0007 character' }, 'message', CONTACT_MESSAGES.noControlCharacters],
    // NUL is refused for every route by the API's input guard, before the contact form's own rules.
    [{ ...valid, message: 'nul \u0000 byte' }, 'message', 'must not contain NUL characters'],
    [{ ...valid, name: 42 }, 'name', CONTACT_MESSAGES.nameRequired],
  ])('refuses bad input with 400 naming the field and stores nothing (%#)', async (body, field, message) => {
    const before = await storedCount();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: `${field}: ${message}` });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a missing body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact/messages' });
    expect(res.statusCode).toBe(400);
  });

  it('limits each client to 5 messages an hour (429 with Retry-After), other clients unaffected', async () => {
    for (let i = 0; i < 5; i += 1) expect((await post(valid, '10.2.0.2')).statusCode).toBe(200);
    const before = await storedCount();
    const limited = await post(valid, '10.2.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    expect((await post(valid, '10.2.0.3')).statusCode).toBe(200);
  });
});
