import { eq } from 'drizzle-orm';
import { emailSubscriptionsAnswerSchema, newsletterAnswerSchema } from '@shop/shared/schemas';
import { getAppSecret } from '../auth/secret';
import { signToken } from '../auth/signed-tokens';
import { useTestApp } from '../test/app';
import { customerServiceOf } from './routes';
import { billingAgreements, customerSubscriptions, newsletterSubscribers } from './schema';
import { get, mailsTo, post, settled, signedIn, tempDataDir, uniqueEmail } from './test-helpers';

const dataDir = tempDataDir();
const t = useTestApp({ dataDir });

const subscriber = async (email: string) => (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const isSubscribed = async (token: string) =>
  (await post(t.app, '/api/me', { customerToken: token })).json().data.data.extension_attributes.is_subscribed as boolean;

describe('POST /api/contact/newsletter', () => {
  it('a signed-in customer subscribes and unsubscribes at once', async () => {
    const c = await signedIn(t.app);
    expect(await isSubscribed(c.token)).toBe(false);
    const on = await post(t.app, '/api/contact/newsletter', { email: c.email, firstName: 'Jane', lastName: 'Mason', isSubscribed: true, customerToken: c.token });
    expect(on.statusCode).toBe(200);
    expect(newsletterAnswerSchema.parse(on.json())).toMatchObject({ success: true, error: null, status: 'subscribed' });
    expect(await isSubscribed(c.token)).toBe(true);
    const off = await post(t.app, '/api/contact/newsletter', { email: c.email, firstName: 'Jane', lastName: 'Mason', isSubscribed: false, customerToken: c.token });
    expect(off.json()).toMatchObject({ success: true, status: 'unsubscribed' });
    expect(await isSubscribed(c.token)).toBe(false);
  });

  it('an expired token is 401, not a silent guest subscription', async () => {
    const res = await post(t.app, '/api/contact/newsletter', { email: uniqueEmail(), isSubscribed: true, customerToken: 'y'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });

  it('a guest gets a confirmation mail (double opt-in); the link confirms it', async () => {
    const email = uniqueEmail('guest');
    const res = await post(t.app, '/api/contact/newsletter', { email, firstName: 'Sam', lastName: 'Lee', isSubscribed: true });
    expect(res.json()).toMatchObject({ success: true, status: 'pending' });
    expect((await subscriber(email))?.status).toBe('pending');
    await settled(t.app);
    const mail = mailsTo(dataDir, email).find((m) => m.subject.startsWith('Confirm'));
    const link = /(http\S+\/api\/contact\/newsletter\/confirm\?token=\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    const confirm = await get(t.app, `${url.pathname}${url.search}`);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:8080/?newsletter=confirmed');
    expect((await subscriber(email))?.status).toBe('subscribed');
    const forged = await get(t.app, `/api/contact/newsletter/confirm?token=${encodeURIComponent(url.searchParams.get('token')!.replace(/.$/, 'x'))}`);
    expect(forged.headers.location).toBe('http://localhost:8080/?newsletter=invalid');
  });

  it('a guest cannot unsubscribe someone by email alone; the signed link from a mail can', async () => {
    const email = uniqueEmail('reader');
    await t.db.insert(newsletterSubscribers).values({ email, status: 'subscribed' });
    const bare = await post(t.app, '/api/contact/newsletter', { email, isSubscribed: false });
    expect(bare.statusCode).toBe(401);
    const otherToken = await customerServiceOf(t.app).unsubscribeToken(uniqueEmail('else'));
    expect((await post(t.app, '/api/contact/newsletter', { email, isSubscribed: false, unsubscribeToken: otherToken })).statusCode).toBe(401);
    expect((await subscriber(email))?.status).toBe('subscribed');
    const token = await customerServiceOf(t.app).unsubscribeToken(email);
    const res = await post(t.app, '/api/contact/newsletter', { email, isSubscribed: false, unsubscribeToken: token });
    expect(res.json()).toMatchObject({ success: true, status: 'unsubscribed' });
    expect((await subscriber(email))?.status).toBe('unsubscribed');
  });

  it('validates the body (400 naming the field)', async () => {
    expect((await post(t.app, '/api/contact/newsletter', { email: 'nope', isSubscribed: true })).json().field).toBe('email');
    expect((await post(t.app, '/api/contact/newsletter', { email: uniqueEmail(), isSubscribed: 'yes' })).json().field).toBe('isSubscribed');
  });
});

describe('email notifications (get/save-email-subscriptions)', () => {
  it('a customer reads defaults (all on) and saves changes with the login token', async () => {
    const c = await signedIn(t.app);
    const res = await post(t.app, '/api/customer/get-email-subscriptions', { customerToken: c.token });
    const body = emailSubscriptionsAnswerSchema.parse(res.json());
    expect(body.email).toMatch(/^s\*\*\*@example\.co\.uk$/);
    expect(body.data.map((s) => s.isSubscribed)).toEqual([true, true, true, true]);
    const saved = await post(t.app, '/api/customer/save-email-subscriptions', {
      customerToken: c.token,
      subscriptions: [
        { eventCode: 'abandoned_cart', isSubscribed: true },
        { eventCode: 'abandoned_cart', isSubscribed: false },
        { eventCode: 'review_request', isSubscribed: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const after = emailSubscriptionsAnswerSchema.parse((await post(t.app, '/api/customer/get-email-subscriptions', {}, { headers: { authorization: `Bearer ${c.token}` } })).json());
    expect(Object.fromEntries(after.data.map((s) => [s.eventCode, s.isSubscribed]))).toEqual({
      abandoned_cart: false,
      order_status: true,
      review_request: false,
      product_tips: true,
    });
  });

  it('a customer id alone is never enough; a signed unsubscribe token is, for its address only', async () => {
    const c = await signedIn(t.app);
    const byId = await post(t.app, '/api/customer/get-email-subscriptions', { customerId: c.id });
    expect(byId.statusCode).toBe(401);
    const saveById = await post(t.app, '/api/customer/save-email-subscriptions', {
      customerId: c.id,
      subscriptions: [{ eventCode: 'order_status', isSubscribed: false }],
    });
    expect(saveById.statusCode).toBe(401);

    const token = await customerServiceOf(t.app).unsubscribeToken(c.email);
    const save = await post(t.app, '/api/customer/save-email-subscriptions', {
      customerId: 999999,
      unsubscribeToken: token,
      subscriptions: [{ eventCode: 'order_status', isSubscribed: false }],
    });
    expect(save.statusCode).toBe(200);
    const mine = emailSubscriptionsAnswerSchema.parse((await post(t.app, '/api/customer/get-email-subscriptions', { customerToken: c.token })).json());
    expect(mine.data.find((s) => s.eventCode === 'order_status')?.isSubscribed).toBe(false);

    // Tampered, or signed for another purpose: refused.
    const secret = await getAppSecret(t.db, undefined);
    const wrongPurpose = signToken(secret, { p: 'newsletter-confirm', s: c.email });
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [wrongPurpose, tampered, 'abc.def']) {
      expect((await post(t.app, '/api/customer/get-email-subscriptions', { unsubscribeToken: bad })).statusCode).toBe(401);
    }
  });

  it('refuses unknown event codes naming the field', async () => {
    const c = await signedIn(t.app);
    const res = await post(t.app, '/api/customer/save-email-subscriptions', {
      customerToken: c.token,
      subscriptions: [{ eventCode: 'spam', isSubscribed: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('subscriptions.0.eventCode');
  });
});

describe('billing agreements and subscriptions come from the database, for their owner only', () => {
  it('lists the customer’s own rows', async () => {
    const c = await signedIn(t.app);
    const other = await signedIn(t.app);
    await t.db.insert(billingAgreements).values({ customerId: c.id, referenceId: 'B-7XK12345', status: 'active' });
    await t.db.insert(customerSubscriptions).values({
      customerId: c.id,
      stripeSubscriptionId: `sub_${c.id}`,
      productName: 'Sump pump service plan',
      status: 'active',
      amountPence: 1499,
      interval: 'month',
    });
    const ba = (await post(t.app, '/api/customer/billing-agreements', { customerToken: c.token })).json();
    expect(ba.data).toMatchObject({ totalCount: 1, items: [{ reference_id: 'B-7XK12345', status: 'active', method_title: 'PayPal Billing Agreement' }] });
    const subs = (await post(t.app, '/api/customer/subscriptions', { customerToken: c.token })).json();
    expect(subs.data).toMatchObject({ totalCount: 1, items: [{ product_name: 'Sump pump service plan', amount: 14.99, interval: 'month' }] });
    expect((await post(t.app, '/api/customer/billing-agreements', { customerToken: other.token })).json().data.totalCount).toBe(0);
    expect((await post(t.app, '/api/customer/subscriptions', { customerToken: other.token })).json().data.totalCount).toBe(0);
  });
});

describe('links for mail', () => {
  it('notificationsUrl carries a token that opens the address’s notifications', async () => {
    const { notificationsUrl, accountOrderUrl } = await import('../test/app');
    const c = await signedIn(t.app);
    const url = new URL(await notificationsUrl(t.db, c.email.toUpperCase()));
    expect(url.pathname).toBe('/aw_followupemail2/unsubscribe');
    const res = await post(t.app, '/api/customer/get-email-subscriptions', { unsubscribeToken: url.searchParams.get('token') });
    expect(res.statusCode).toBe(200);
    expect(accountOrderUrl(42)).toBe('http://localhost:8080/sales/order/view/order_id/42');
  });
});
