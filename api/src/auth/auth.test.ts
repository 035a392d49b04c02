import { useTestDb } from '../test/db';
import { captchaDataUrl, randomCaptchaCode, renderCaptchaPng } from './captcha-image';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { getAppSecret } from './secret';
import { loadAuthSettings } from './settings';
import { signToken, verifySignedToken } from './signed-tokens';

const t = useTestDb();

describe('passwords (scrypt)', () => {
  it('hashes with a per-password salt and verifies in constant time', async () => {
    const a = await hashPassword('Membrane2024');
    const b = await hashPassword('Membrane2024');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$12\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{86}==$/);
    expect(await verifyPassword('Membrane2024', a)).toBe(true);
    expect(await verifyPassword('membrane2024', a)).toBe(false);
    expect(await verifyPassword('Membrane2024', 'garbage')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('asks for a rehash when the stored cost is below the current one', async () => {
    const weak = await hashPassword('Membrane2024', 10);
    expect(needsRehash(weak, 12)).toBe(true);
    expect(needsRehash(await hashPassword('Membrane2024', 12), 12)).toBe(false);
    expect(await verifyPassword('Membrane2024', weak)).toBe(true);
  });
});

describe('signed tokens', () => {
  const secret = Buffer.from('s'.repeat(32));
  it('verify only for the same secret, purpose, untampered and unexpired', () => {
    const token = signToken(secret, { p: 'unsubscribe', s: 'jane@example.co.uk' });
    expect(verifySignedToken(secret, token, 'unsubscribe')).toBe('jane@example.co.uk');
    expect(verifySignedToken(secret, token, 'download')).toBeNull();
    expect(verifySignedToken(Buffer.from('x'.repeat(32)), token, 'unsubscribe')).toBeNull();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'other@example.co.uk' })).toString('base64url');
    expect(verifySignedToken(secret, `${forged}.${mac}`, 'unsubscribe')).toBeNull();
    expect(verifySignedToken(secret, `${body}.`, 'unsubscribe')).toBeNull();
    const expired = signToken(secret, { p: 'download', s: '1:2', x: Math.floor(Date.now() / 1000) - 1 });
    expect(verifySignedToken(secret, expired, 'download')).toBeNull();
  });
});

describe('app secret', () => {
  it('uses APP_SECRET when set, else one generated once and kept in app_meta', async () => {
    expect((await getAppSecret(t.db, 'e'.repeat(40))).toString()).toBe('e'.repeat(40));
    const first = await getAppSecret(t.db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await getAppSecret(t.db, undefined)).equals(first)).toBe(true);
  });

  it('settings: validated, with defaults', () => {
    expect(loadAuthSettings({})).toMatchObject({ appSecret: undefined, shopUrl: 'http://localhost:8080' });
    expect(loadAuthSettings({ SHOP_URL: 'https://shop.example.co.uk/' }).shopUrl).toBe('https://shop.example.co.uk');
    expect(() => loadAuthSettings({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadAuthSettings({ SHOP_URL: 'javascript:alert(1)' })).toThrow(/SHOP_URL/);
  });
});

describe('captcha picture', () => {
  it('draws 6 characters without look-alikes into a 220x80 PNG', () => {
    for (let i = 0; i < 50; i++) expect(randomCaptchaCode()).toMatch(/^[A-HJ-NP-Za-km-z2-9]{6}$/);
    const png = renderCaptchaPng('Ab3dE5');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([220, 80]);
    expect(captchaDataUrl('Ab3dE5')).toMatch(/^data:image\/png;base64,/);
    // Random every time, even for the same code.
    expect(renderCaptchaPng('Ab3dE5').equals(png)).toBe(false);
  });
});
