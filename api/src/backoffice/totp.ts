import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { SHOP_NAME } from '@shop/shared/schemas';

/**
 * Two-factor sign-in: TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, what every authenticator
 * app reads from an otpauth:// QR code) with otplib. A code is accepted from the step before to
 * the step after (clock drift), and never at or before the last step accepted (no replay).
 */
export const TOTP_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpEnrolment(secret: string, email: string) {
  const otpauthUrl = generateURI({ issuer: `${SHOP_NAME} back office`, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/** The time step the code belongs to, or null when it is wrong or already used (`lastStep`). */
export async function checkTotp(secret: string, code: string, lastStep: number): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
  if (!result.valid) return null;
  const step = Math.floor(Date.now() / 1000 / 30) + result.delta;
  return step > lastStep ? step : null;
}
