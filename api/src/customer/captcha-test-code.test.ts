import { captchaAnswerSchema } from '@shop/shared/schemas';
import { loadAuthSettings } from '../auth/settings';
import { useTestApp } from '../test/app';
import { post } from './test-helpers';

/**
 * CAPTCHA_TEST_CODE (browser tests only, like reCAPTCHA's test keys): every challenge has that
 * code, and is otherwise checked exactly like a random one.
 */
process.env.CAPTCHA_TEST_CODE = 'Tst2Ab';
const t = useTestApp();

afterAll(() => {
  delete process.env.CAPTCHA_TEST_CODE;
});

const challenge = async () => captchaAnswerSchema.parse((await post(t.app, '/api/customer/captcha')).json()).id;
const verify = async (token: string, answer: string) => (await post(t.app, '/api/customer/verify-recaptcha', { token, answer })).json();

describe('CAPTCHA_TEST_CODE', () => {
  it('accepts only 6 characters of the captcha alphabet', () => {
    expect(loadAuthSettings({ CAPTCHA_TEST_CODE: 'Tst2Ab' }).captchaTestCode).toBe('Tst2Ab');
    expect(loadAuthSettings({}).captchaTestCode).toBeUndefined();
    for (const bad of ['short', 'TOOLONG1', 'Tst0Ab', 'Tst Ab']) {
      expect(() => loadAuthSettings({ CAPTCHA_TEST_CODE: bad })).toThrow(/CAPTCHA_TEST_CODE/);
    }
  });

  it('is refused on a deployed shop (public https SHOP_URL)', () => {
    expect(() => loadAuthSettings({ CAPTCHA_TEST_CODE: 'Tst2Ab', SHOP_URL: 'https://shop.example.co.uk' })).toThrow(/CAPTCHA_TEST_CODE/);
    expect(loadAuthSettings({ CAPTCHA_TEST_CODE: 'Tst2Ab', SHOP_URL: 'http://localhost:8080' }).captchaTestCode).toBe('Tst2Ab');
  });

  it('draws every challenge with the code; still case-sensitive and one answer per challenge', async () => {
    const a = await challenge();
    expect(await verify(a, 'tst2ab')).toBe(false);
    expect(await verify(a, 'Tst2Ab')).toBe(false);
    const b = await challenge();
    expect(await verify(b, 'Tst2Ab')).toBe(true);
    expect(await verify(b, 'Tst2Ab')).toBe(false);
  });
});
