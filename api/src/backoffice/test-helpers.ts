/** Helpers for the back office's tests (not a test file): staff members set up and signed in. */
import { generate } from 'otplib';
import type { App } from '../app';
import { nextIp } from '../customer/test-helpers';
import { COMMAND_LINE } from './activity';
import type { StaffRole } from './schema';

export const STAFF_PASSWORD = 'Backoffice2026';

/** A code of the authenticator app `steps` periods from now (sign-ins after set-up use later steps). */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let counter = 0;
export const staffEmail = (role: string) => `${role}.${process.pid}.${++counter}@northgate.example`;

export interface SignedInStaff {
  email: string;
  secret: string;
  cookie: string;
  csrfToken: string;
  /** Headers of a write: the session cookie and the CSRF token. */
  write: { cookie: string; 'x-csrf-token': string };
}

export const setupTokenOf = (link: string) => link.split('#')[1]!;

/** Adds a staff member, sets them up through the set-up routes and signs them in. */
export async function signedInStaff(app: App, role: StaffRole): Promise<SignedInStaff> {
  const email = staffEmail(role);
  const { link } = await app.services.backoffice.staff.add(email, role, COMMAND_LINE);
  const token = setupTokenOf(link);
  const setup = await app.inject({ method: 'POST', url: '/admin-api/setup/password', remoteAddress: nextIp(), payload: { token, password: STAFF_PASSWORD } });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await app.inject({ method: 'POST', url: '/admin-api/setup/confirm', remoteAddress: nextIp(), payload: { token, code: await codeAt(secret) } });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/sign-in',
    remoteAddress: nextIp(),
    payload: { email, password: STAFF_PASSWORD, code: await codeAt(secret, 1) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const cookie = `staff_session=${res.cookies.find((c) => c.name === 'staff_session')!.value}`;
  const { csrfToken } = res.json() as { csrfToken: string };
  return { email, secret, cookie, csrfToken, write: { cookie, 'x-csrf-token': csrfToken } };
}

/** One signed-in member of each role (the per-role checks of a route). */
export async function staffPerRole(app: App): Promise<Record<StaffRole, SignedInStaff>> {
  return {
    owner: await signedInStaff(app, 'owner'),
    orders: await signedInStaff(app, 'orders'),
    catalogue: await signedInStaff(app, 'catalogue'),
    content: await signedInStaff(app, 'content'),
  };
}
