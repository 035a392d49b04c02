import { useTestApp } from '../test/app';
import { customerServiceOf } from './routes';
import { mailsTo, post, settled, tempDataDir, uniqueEmail } from './test-helpers';

/**
 * Mail as a weapon: without signing in, anyone can have the shop mail an address that has not been
 * confirmed as theirs (newsletter confirmation, welcome, password reset). Such mail carries only
 * the shop's own words: nothing the requester typed reaches the stranger's inbox.
 */
const dataDir = tempDataDir();
const t = useTestApp({ dataDir });

const SPAM = 'Claim your £500 refund at https://evil.example/claim';
const SPAM_LINE2 = 'Call 09876 now';
const planted = (text: string) => /evil\.example|Claim your|09876/.test(text);

describe('mail to unconfirmed addresses carries no text the requester chose', () => {
  it('guest newsletter confirmation: the submitted names, line breaks and links are not repeated', async () => {
    const victim = uniqueEmail('victim');
    const res = await post(t.app, '/api/contact/newsletter', { email: victim, firstName: `${SPAM}\n${SPAM_LINE2}`, lastName: SPAM, isSubscribed: true });
    expect(res.statusCode).toBe(200);
    await settled(t.app);
    const [mail] = mailsTo(dataDir, victim);
    expect(mail?.subject).toMatch(/^Confirm/);
    expect(mail!.text).toContain('/api/contact/newsletter/confirm?token=');
    expect(planted(mail!.text)).toBe(false);
    expect(planted(mail!.subject)).toBe(false);
  });

  it('welcome mail of an account registered with someone else’s address, and its password reset mail', async () => {
    const victim = uniqueEmail('victim');
    const res = await post(t.app, '/api/register', { firstname: SPAM, lastname: SPAM_LINE2, company: SPAM, email: victim, password: 'Membrane2024' });
    expect(res.statusCode).toBe(200);
    await settled(t.app);
    const { id, code } = await customerServiceOf(t.app).newCaptcha();
    expect((await post(t.app, '/api/customer/verify-recaptcha', { token: id, answer: code })).json()).toBe(true);
    expect((await post(t.app, '/api/customer/forgot-password', { email: victim, captchaToken: id })).statusCode).toBe(200);
    await settled(t.app);
    const mails = mailsTo(dataDir, victim);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^Welcome/), expect.stringMatching(/^Reset your/)]));
    for (const mail of mails) {
      expect(planted(mail.text)).toBe(false);
    }
  });
});
