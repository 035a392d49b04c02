import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, loginAnswerSchema, meAnswerSchema } from '@shop/shared/schemas';
import { openTestApp, useTestApp, type TestApp } from '../test/app';
import { customers, customerTokens } from './schema';
import { LOGIN_SLOWDOWN_MS } from '../auth/rate-limit';
import { authenticateCustomer } from './auth';
import {
  bearer,
  get,
  login,
  mailsTo,
  PASSWORD,
  post,
  registerCustomer,
  settled,
  signedIn,
  tempDataDir,
  uniqueEmail,
} from './test-helpers';

const dataDir = tempDataDir();
const t = useTestApp({ dataDir });

describe('POST /api/register', () => {
  it('creates the account, answers status and message, and sends a welcome mail', async () => {
    const email = uniqueEmail();
    const res = await post(t.app, '/api/register', {
      firstname: ' Jane ',
      lastname: 'Mason',
      company: 'Mason Damp Proofing Ltd',
      email: email.toUpperCase(),
      password: PASSWORD,
      newsletter: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: expect.any(String) });
    const [row] = await t.db.select().from(customers).where(eq(customers.email, email));
    expect(row).toMatchObject({ firstname: 'Jane', lastname: 'Mason', company: 'Mason Damp Proofing Ltd', groupId: 1 });
    expect(row!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    await settled(t.app);
    expect(mailsTo(dataDir, email).map((m) => m.subject)).toEqual(['Welcome to Northgate Membranes']);

    const token = await login(t.app, email);
    const me = meAnswerSchema.parse((await post(t.app, '/api/me', { customerToken: token })).json());
    expect(me.data.data).toMatchObject({
      email,
      firstname: 'Jane',
      group_id: 1,
      addresses: [],
      custom_attributes: [{ attribute_code: 'company_name', value: 'Mason Damp Proofing Ltd' }],
      extension_attributes: { is_subscribed: true },
    });
  });

  it('refuses a duplicate email (any case) with a clear message', async () => {
    const account = await registerCustomer(t.app);
    const res = await post(t.app, '/api/register', {
      firstname: 'Other',
      lastname: 'Person',
      email: account.email.toUpperCase(),
      password: 'another1pass',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: ACCOUNT_MESSAGES.emailTaken, field: 'email' });
  });

  it.each([
    ['short1', 'password'],
    ['onlyletters', 'password'],
    ['1234567890', 'password'],
  ])('refuses the weak password %s with the rules', async (password, field) => {
    const res = await post(t.app, '/api/register', { firstname: 'A', lastname: 'B', email: uniqueEmail(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message: `password: ${ACCOUNT_MESSAGES.passwordRules}` });
  });

  it('refuses unknown fields, so no client can choose its customer group', async () => {
    const res = await post(t.app, '/api/register', {
      firstname: 'A',
      lastname: 'B',
      email: uniqueEmail(),
      password: PASSWORD,
      group_id: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/group_id/);
  });

  it('answers 400 naming the field for a bad email, a missing name or no body', async () => {
    const bad = await post(t.app, '/api/register', { firstname: 'A', lastname: 'B', email: 'not-an-email', password: PASSWORD });
    expect(bad.json()).toMatchObject({ field: 'email', message: `email: ${ACCOUNT_MESSAGES.emailInvalid}` });
    const missing = await post(t.app, '/api/register', { lastname: 'B', email: uniqueEmail(), password: PASSWORD });
    expect(missing.json()).toMatchObject({ field: 'firstname', message: 'firstname: First Name is required' });
    const empty = await post(t.app, '/api/register');
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /api/login', () => {
  it('answers status success and an opaque token that is stored only as a hash', async () => {
    const account = await registerCustomer(t.app);
    const res = await post(t.app, '/api/login', { username: ` ${account.email.toUpperCase()} `, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = loginAnswerSchema.parse(res.json());
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const rows = await t.db.select().from(customerTokens);
    expect(rows.some((r) => r.tokenHash === body.data.token)).toBe(false);
    expect(new Date(body.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const account = await registerCustomer(t.app);
    const wrong = await post(t.app, '/api/login', { username: account.email, password: 'wrongpass1' });
    const unknown = await post(t.app, '/api/login', { username: uniqueEmail('nobody'), password: 'wrongpass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
  });

  it('hands attackers no lockout switch: wrong passwords from one client never refuse the owner elsewhere', async () => {
    const account = await registerCustomer(t.app);
    const attacker = '192.0.2.66';
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/api/login', { username: account.email, password: `wrong${i}pass` }, { remoteAddress: attacker });
      expect(res.statusCode).toBe(401);
    }
    // The guessing client now waits, even with the right password...
    const refused = await post(t.app, '/api/login', { username: account.email, password: PASSWORD }, { remoteAddress: attacker });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // ...while the owner, from their own address, signs in as usual.
    const owner = await post(t.app, '/api/login', { username: account.email, password: PASSWORD }, { remoteAddress: '198.51.100.200' });
    expect(owner.statusCode).toBe(200);
  });

  it('slows down, never refuses, an account guessed at from many addresses', async () => {
    const account = await registerCustomer(t.app);
    // A botnet: 12 addresses, one wrong password each (past the account-wide 10).
    for (let i = 0; i < 12; i++) {
      const res = await post(t.app, '/api/login', { username: account.email.toUpperCase(), password: `wrong${i}pass` }, { remoteAddress: `203.0.113.${100 + i}` });
      expect(res.statusCode).toBe(401);
    }
    const started = Date.now();
    const owner = await post(t.app, '/api/login', { username: account.email, password: PASSWORD }, { remoteAddress: '198.51.100.201' });
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50);
    // Another account is not slowed down.
    const other = await registerCustomer(t.app);
    const quick = Date.now();
    expect(await login(t.app, other.email)).toEqual(expect.any(String));
    expect(Date.now() - quick).toBeLessThan(LOGIN_SLOWDOWN_MS);
  });

  it('limits attempts per client address; a spoofed X-Forwarded-For does not reset it (no trusted proxy)', async () => {
    const remoteAddress = '192.0.2.10';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await post(
        t.app,
        '/api/login',
        { username: uniqueEmail('spray'), password: 'whatever1' },
        { remoteAddress, headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      last = res.statusCode;
      if (i < 30) expect(res.statusCode).toBe(401);
    }
    expect(last).toBe(429);
  });
});

describe('rate limits of registration and behind a trusted proxy', () => {
  it('limits registrations per client address strictly (429 after 5 an hour): it tells whether an email has an account', async () => {
    const remoteAddress = '192.0.2.77';
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/api/register', { firstname: 'A', lastname: 'B', email: uniqueEmail('bulk'), password: PASSWORD }, { remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    const res = await post(t.app, '/api/register', { firstname: 'A', lastname: 'B', email: uniqueEmail('bulk'), password: PASSWORD }, { remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts/);
  });

  describe('with TRUST_PROXY set', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await openTestApp({ trustProxy: true });
    });
    afterAll(() => proxied.close());

    it('counts per X-Forwarded-For client, so one shopper behind the proxy does not lock out the rest', async () => {
      const send = (client: string) =>
        post(proxied.app, '/api/login', { username: uniqueEmail('p'), password: 'whatever1' }, { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 30; i++) expect((await send('203.0.113.5')).statusCode).toBe(401);
      expect((await send('203.0.113.5')).statusCode).toBe(429);
      expect((await send('203.0.113.6')).statusCode).toBe(401);
    });
  });
});

describe('tokens: /api/me, /api/logout, revocation, expiry', () => {
  it('answers 401 without a token, with a made-up token and with a malformed one', async () => {
    expect((await post(t.app, '/api/me', {})).statusCode).toBe(401);
    expect((await post(t.app, '/api/me', { customerToken: 'A'.repeat(43) })).statusCode).toBe(401);
    expect((await post(t.app, '/api/me', { customerToken: "' or 1=1 --" })).statusCode).toBe(401);
    const res = await post(t.app, '/api/me', {});
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.sessionExpired);
  });

  it('accepts the token in the body, as Authorization: Bearer and as Authorization-Customer: Bearer', async () => {
    const c = await signedIn(t.app);
    expect((await post(t.app, '/api/me', {}, bearer(c.token))).statusCode).toBe(200);
    expect((await post(t.app, '/api/me', undefined, { headers: { 'authorization-customer': `Bearer ${c.token}` } })).statusCode).toBe(200);
    expect((await get(t.app, '/api/customer/addresses', { headers: { 'authorization-customer': `Bearer ${c.token}` } })).statusCode).toBe(200);
  });

  it('logout revokes the token (and only that one)', async () => {
    const c = await signedIn(t.app);
    const other = await login(t.app, c.email);
    const res = await post(t.app, '/api/logout', { customerToken: c.token });
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, '/api/me', { customerToken: c.token })).statusCode).toBe(401);
    expect(await authenticateCustomer(t.db, c.token)).toBeNull();
    expect((await post(t.app, '/api/me', { customerToken: other })).statusCode).toBe(200);
    // Logging out again is harmless.
    expect((await post(t.app, '/api/logout', { customerToken: c.token })).statusCode).toBe(200);
  });

  it('an expired token is refused (401) and authenticateCustomer answers null', async () => {
    const c = await signedIn(t.app);
    const auth = await authenticateCustomer(t.db, c.token);
    expect(auth).toMatchObject({ id: c.id, email: c.email, groupId: 1 });
    await t.db.update(customerTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(customerTokens.customerId, c.id));
    expect(await authenticateCustomer(t.db, c.token)).toBeNull();
    expect((await post(t.app, '/api/me', { customerToken: c.token })).statusCode).toBe(401);
  });

  it('extends a token on use (sliding), never past its maximum', async () => {
    const c = await signedIn(t.app);
    const soon = new Date(Date.now() + 60_000);
    await t.db
      .update(customerTokens)
      .set({ expiresAt: soon, lastUsedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(customerTokens.customerId, c.id));
    expect(await authenticateCustomer(t.db, c.token)).not.toBeNull();
    const [row] = await t.db.select().from(customerTokens).where(eq(customerTokens.customerId, c.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.maxExpiresAt.getTime());
  });
});

describe('POST /api/update/me', () => {
  it('updates names and company without a password', async () => {
    const c = await signedIn(t.app);
    const res = await post(t.app, '/api/update/me', { customerToken: c.token, firstname: 'Janet', lastname: 'Mason-Hill', company: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'You saved the account information.' });
    const me = (await post(t.app, '/api/me', { customerToken: c.token })).json().data.data;
    expect(me).toMatchObject({ firstname: 'Janet', lastname: 'Mason-Hill', custom_attributes: [] });
  });

  it('needs the right current password to change the email, and refuses a taken one', async () => {
    const c = await signedIn(t.app);
    const taken = await registerCustomer(t.app);
    const newEmail = uniqueEmail('moved');
    const none = await post(t.app, '/api/update/me', { customerToken: c.token, email: newEmail });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordRequired });
    const wrong = await post(t.app, '/api/update/me', { customerToken: c.token, email: newEmail, currentPassword: 'nope1234' });
    expect(wrong.json()).toMatchObject({ field: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong });
    const clash = await post(t.app, '/api/update/me', { customerToken: c.token, email: taken.email, currentPassword: PASSWORD });
    expect(clash.statusCode).toBe(409);
    const ok = await post(t.app, '/api/update/me', { customerToken: c.token, email: newEmail, currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await post(t.app, '/api/me', { customerToken: c.token })).json().data.data.email).toBe(newEmail);
    await settled(t.app);
    expect(mailsTo(dataDir, c.email).map((m) => m.subject)).toContain('The email address of your Northgate Membranes account was changed');
  });

  it('a password change revokes every token, answers a new one and mails the customer', async () => {
    const c = await signedIn(t.app);
    const otherDevice = await login(t.app, c.email);
    const res = await post(t.app, '/api/update/me', { customerToken: c.token, newPassword: 'NewMembrane99', currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post(t.app, '/api/me', { customerToken: c.token })).statusCode).toBe(401);
    expect((await post(t.app, '/api/me', { customerToken: otherDevice })).statusCode).toBe(401);
    expect((await post(t.app, '/api/me', { customerToken: fresh })).statusCode).toBe(200);
    expect((await post(t.app, '/api/login', { username: c.email, password: PASSWORD })).statusCode).toBe(401);
    expect(await login(t.app, c.email, 'NewMembrane99')).toEqual(expect.any(String));
    await settled(t.app);
    expect(mailsTo(dataDir, c.email).map((m) => m.subject)).toContain('Your Northgate Membranes password was changed');
  });

  it('refuses a weak new password, a group change and unknown fields', async () => {
    const c = await signedIn(t.app);
    const weak = await post(t.app, '/api/update/me', { customerToken: c.token, newPassword: 'abc', currentPassword: PASSWORD });
    expect(weak.json()).toMatchObject({ field: 'newPassword' });
    const group = await post(t.app, '/api/update/me', { customerToken: c.token, group_id: 2 });
    expect(group.statusCode).toBe(400);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row!.groupId).toBe(1);
  });

  it('limits wrong current passwords per customer (429 after 5)', async () => {
    const c = await signedIn(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/api/update/me', { customerToken: c.token, newPassword: 'Another123', currentPassword: `bad${i}pass` });
      expect(res.statusCode).toBe(400);
    }
    const res = await post(t.app, '/api/update/me', { customerToken: c.token, newPassword: 'Another123', currentPassword: PASSWORD });
    expect(res.statusCode).toBe(429);
  });
});

describe('account lists (billing agreements, subscriptions)', () => {
  it('are empty for a new customer and need a token', async () => {
    const c = await signedIn(t.app);
    for (const url of ['/api/customer/billing-agreements', '/api/customer/subscriptions']) {
      const res = await post(t.app, url, { customerToken: c.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { items: [], totalCount: 0 } });
      expect((await post(t.app, url, {})).statusCode).toBe(401);
    }
  });
});
