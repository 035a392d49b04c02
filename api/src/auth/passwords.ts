import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto): a random 16-byte salt per password, 64-byte key,
 * compared in constant time. The parameters are stored in the hash, so they can be raised later
 * (`needsRehash`) without breaking existing passwords.
 * Format: `scrypt$<log2 N>$<r>$<p>$<salt base64>$<key base64>`.
 * N = 2^15 (32 MiB, ~80 ms here); tests (NODE_ENV=test) use 2^12 to stay fast.
 */
const KEY_LENGTH = 64;
const DEFAULT_LOG2N = process.env.NODE_ENV === 'test' ? 12 : 15;
const R = 8;
const P = 1;

function scrypt(password: string, salt: Buffer, log2n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** log2n, r, p, maxmem: 256 * 2 ** log2n * r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, log2n = DEFAULT_LOG2N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, log2n, R, P);
  return ['scrypt', log2n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(hash: string) {
  const [kind, log2n, r, p, salt, key] = hash.split('$');
  if (kind !== 'scrypt' || !log2n || !r || !p || !salt || !key) return null;
  const n = Number(log2n);
  if (!Number.isInteger(n) || n < 10 || n > 20) return null;
  return { log2n: n, r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.log2n, parsed.r, parsed.p);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(hash: string, log2n = DEFAULT_LOG2N): boolean {
  const parsed = parse(hash);
  return !parsed || parsed.log2n < log2n || parsed.r !== R || parsed.p !== P;
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account, so a login for an unknown email
 * takes as long as a wrong password for a known one.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-password-0');
  await verifyPassword(password, await dummy);
  return false;
}
