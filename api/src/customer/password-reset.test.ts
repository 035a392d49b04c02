import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, captchaAnswerSchema } from '@shop/shared/schemas';
import { mailOutbox } from '../mail/schema';
import { useTestApp } from '../test/app';
import { customerServiceOf } from './routes';
import { passwordResetTokens } from './schema';
import { login, mailsTo, post, registerCustomer, settled, signedIn, tempDataDir, uniqueEmail } from './test-helpers';

const dataDir = tempDataDir();
const t = useTestApp({ dataDir });

/** A challenge solved the way the browser does it (the code comes from the service, as the picture would show it). */
async function solvedCaptcha(): Promise<string> {
  const { id, code } = await customerServiceOf(t.app).newCaptcha();
  const res = await post(t.app, '/api/customer/verify-recaptcha', { token: id, answer: code });
  expect(res.json()).toBe(true);
  return id;
}

async function forgot(email: string, options = {}) {
  return post(t.app, '/api/customer/forgot-password', { email, captchaToken: await solvedCaptcha() }, options);
}

/** The reset link of the newest reset mail to this address. */
function resetLink(email: string) {
  const mail = mailsTo(dataDir, email).filter((m) => m.subject.startsWith('Reset your'));
  const link = /(http\S+\/customer\/account\/createpassword\?id=(\d+)&token=([A-Za-z0-9_%-]+))/.exec(mail.at(-1)?.text ?? '');
  if (!link) throw new Error(`no reset mail for ${email}`);
  return { url: link[1]!, customerId: Number(link[2]), token: decodeURIComponent(link[3]!) };
}

describe('captcha', () => {
  it('issues a 220x80 PNG challenge without the code in the answer', async () => {
    const res = await post(t.app, '/api/customer/captcha');
    expect(res.statusCode).toBe(200);
    const body = captchaAnswerSchema.parse(res.json());
    expect(body).toMatchObject({ width: 220, height: 80, expires_in: 600 });
    const png = Buffer.from(body.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([220, 80]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is right once, case-sensitive, and a wrong answer burns the challenge', async () => {
    const service = customerServiceOf(t.app);
    const a = await service.newCaptcha();
    expect(a.code).toMatch(/^[A-HJ-NP-Za-km-z2-9]{6}$/);
    const swapped = a.code.replace(/[a-z]/gi, (ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()));
    if (swapped !== a.code) {
      expect((await post(t.app, '/api/customer/verify-recaptcha', { token: a.id, answer: swapped })).json()).toBe(false);
      // Burned: even the right code fails now.
      expect((await post(t.app, '/api/customer/verify-recaptcha', { token: a.id, answer: a.code })).json()).toBe(false);
    }
    const b = await service.newCaptcha();
    expect((await post(t.app, '/api/customer/verify-recaptcha', { token: b.id, answer: b.code })).json()).toBe(true);
    // Reused: false.
    expect((await post(t.app, '/api/customer/verify-recaptcha', { token: b.id, answer: b.code })).json()).toBe(false);
    // Unknown or malformed ids: false, not an error.
    expect((await post(t.app, '/api/customer/verify-recaptcha', { token: '00000000-0000-4000-8000-000000000000', answer: 'abcdef' })).json()).toBe(false);
    expect((await post(t.app, '/api/customer/verify-recaptcha', { token: 'nope', answer: 'abcdef' })).json()).toBe(false);
  });
});

describe('POST /api/customer/forgot-password', () => {
  it('refuses a missing, wrong, unsolved or reused captcha and sends nothing', async () => {
    const account = await registerCustomer(t.app);
    const unsolved = await customerServiceOf(t.app).newCaptcha();
    for (const captchaToken of ['', 'made-up', unsolved.id]) {
      const res = await post(t.app, '/api/customer/forgot-password', { email: account.email, captchaToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(ACCOUNT_MESSAGES.invalidCaptcha);
    }
    const solved = await solvedCaptcha();
    expect((await post(t.app, '/api/customer/forgot-password', { email: account.email, captchaToken: solved })).statusCode).toBe(200);
    const reused = await post(t.app, '/api/customer/forgot-password', { email: account.email, captchaToken: solved });
    expect(reused.statusCode).toBe(400);
    await settled(t.app);
    expect(mailsTo(dataDir, account.email).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(1);
  });

  it('answers the same for known and unknown emails, in similar time, and mails only the known one', async () => {
    const account = await registerCustomer(t.app);
    const unknown = uniqueEmail('ghost');
    const known = await forgot(account.email);
    const other = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'success', message: ACCOUNT_MESSAGES.resetLinkSent(account.email) });
    expect(other.json()).toEqual({ status: 'success', message: ACCOUNT_MESSAGES.resetLinkSent(unknown) });

    // Timing: the answer never waits for the lookup, the token or the mail.
    const timings = { known: [] as number[], unknown: [] as number[] };
    const knownEmails = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerCustomer(t.app).then((a) => a.email)));
    for (let i = 0; i < 6; i++) {
      for (const [kind, email] of [
        ['known', knownEmails[i]!],
        ['unknown', uniqueEmail('ghost')],
      ] as const) {
        const captchaToken = await solvedCaptcha();
        const started = process.hrtime.bigint();
        const res = await post(t.app, '/api/customer/forgot-password', { email, captchaToken });
        timings[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(res.statusCode).toBe(200);
      }
      await settled(t.app);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(Math.max(5, median(timings.unknown)));

    await settled(t.app);
    expect(mailsTo(dataDir, unknown)).toHaveLength(0);
    const link = resetLink(account.email);
    expect(link.url.startsWith('http://localhost:8080/customer/account/createpassword?')).toBe(true);
    // Only the hash of the token is stored, and the delivered mail's body is blanked in the outbox.
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.customerId, link.customerId));
    expect(rows.some((r) => r.tokenHash === link.token)).toBe(false);
    const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'password_reset'));
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) {
      expect(mail).toMatchObject({ status: 'sent', textBody: '[removed after delivery]', htmlBody: null });
    }
  });

  it('limits requests per client address (429) and sends at most 3 per email an hour, answering the same', async () => {
    const account = await registerCustomer(t.app);
    const remoteAddress = '192.0.2.44';
    for (let i = 0; i < 5; i++) {
      const res = await forgot(account.email, i < 3 ? {} : { remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    // 5 sent for this email (3 mailed), and 2 from one address so far; 4 more from it: the last is 429.
    expect((await forgot(uniqueEmail(), { remoteAddress })).statusCode).toBe(200);
    expect((await forgot(uniqueEmail(), { remoteAddress })).statusCode).toBe(200);
    expect((await forgot(uniqueEmail(), { remoteAddress })).statusCode).toBe(200);
    expect((await forgot(uniqueEmail(), { remoteAddress })).statusCode).toBe(429);
    await settled(t.app);
    expect(mailsTo(dataDir, account.email).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(3);
  });
});

describe('reset-token-validate, customer/get, reset-password', () => {
  it('validates the token, shows only name and email to its holder, sets the password once and revokes sessions', async () => {
    const c = await signedIn(t.app);
    await forgot(c.email);
    await settled(t.app);
    const { customerId, token } = resetLink(c.email);
    expect(customerId).toBe(c.id);

    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId, resetToken: token })).json()).toBe(true);
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId: String(customerId), resetToken: token })).json()).toBe(true);
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId: customerId + 1, resetToken: token })).json()).toBe(false);
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId, resetToken: 'guess' })).json()).toBe(false);

    expect((await post(t.app, '/api/customer/get', { customerId, resetToken: token })).json()).toEqual({ id: c.id, firstname: 'Jane', email: c.email });
    // An id alone (or with a wrong token) tells nothing.
    expect((await post(t.app, '/api/customer/get', { customerId })).json()).toBe(false);
    expect((await post(t.app, '/api/customer/get', { customerId, resetToken: 'guess' })).json()).toBe(false);
    expect((await post(t.app, '/api/customer/get', { customerId, customerToken: c.token })).json()).toMatchObject({ id: c.id });

    const weak = await post(t.app, '/api/customer/reset-password', { email: c.email, password: 'weak', resetToken: token });
    expect(weak.statusCode).toBe(400);
    const wrongEmail = await post(t.app, '/api/customer/reset-password', { email: uniqueEmail(), password: 'Fresh2025pass', resetToken: token });
    expect(wrongEmail.json()).toMatchObject({ message: ACCOUNT_MESSAGES.invalidResetToken, field: 'resetToken' });

    const ok = await post(t.app, '/api/customer/reset-password', { email: c.email, password: 'Fresh2025pass', resetToken: token, customerId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: ACCOUNT_MESSAGES.passwordUpdated });
    expect((await post(t.app, '/api/me', { customerToken: c.token })).statusCode).toBe(401);
    expect(await login(t.app, c.email, 'Fresh2025pass')).toEqual(expect.any(String));

    // Reused: invalid.
    const again = await post(t.app, '/api/customer/reset-password', { email: c.email, password: 'Other2025pass', resetToken: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.invalidResetToken);
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId, resetToken: token })).json()).toBe(false);
    await settled(t.app);
    expect(mailsTo(dataDir, c.email).map((m) => m.subject)).toContain('Your Northgate Membranes password was changed');
  });

  it('refuses an expired token, and a newer link replaces the older one', async () => {
    const account = await registerCustomer(t.app);
    await forgot(account.email);
    await settled(t.app);
    const first = resetLink(account.email);
    await forgot(account.email);
    await settled(t.app);
    const second = resetLink(account.email);
    expect(second.token).not.toBe(first.token);
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId: first.customerId, resetToken: first.token })).json()).toBe(false);
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId: second.customerId, resetToken: second.token })).json()).toBe(true);

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.customerId, second.customerId));
    expect((await post(t.app, '/api/customer/reset-token-validate', { customerId: second.customerId, resetToken: second.token })).json()).toBe(false);
    const res = await post(t.app, '/api/customer/reset-password', { email: account.email, password: 'Fresh2025pass', resetToken: second.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.invalidResetToken);
  });

  it('answers 400 naming the field for bad bodies', async () => {
    const res = await post(t.app, '/api/customer/reset-token-validate', { customerId: 'abc', resetToken: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('customerId');
    expect((await post(t.app, '/api/customer/reset-password', { email: 'a@b.co', password: 'Fresh2025pass' })).json().field).toBe('resetToken');
  });
});
