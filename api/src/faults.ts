/**
 * Fault points for the crash-safety tests: named places between the steps of a multi-step write
 * (placing an order) where a test makes the process fail or die, so recovery is tested at each
 * step rather than after a lucky sleep (placing an order, refunding one). Off unless armed: `armFault()` in a test, or the
 * environment variable `SHOP_FAULTS` (`point=kill,point=throw`) for a test that runs the real
 * server in a child process. `SHOP_FAULTS` is ignored when NODE_ENV is production.
 */

/** The steps of placing an order. */
export const CHECKOUT_FAULT_POINTS = [
  /** The pending order, its stock and the 'creating' attempt are committed; the provider not yet asked. */
  'checkout.after-claim',
  /** Test provider: the intent is stored (the card is charged), its event not yet sent. */
  'payment.after-intent',
  /** Test provider: the intent and its event are done; the answer has not reached checkout. */
  'payment.before-answer',
  /** Checkout has the provider's answer and has not recorded it. */
  'checkout.before-outcome',
  /** The outcome is committed; the shopper has not had the answer. */
  'checkout.after-outcome',
] as const;

/** The steps of refunding an order's payment from the back office. */
export const REFUND_FAULT_POINTS = [
  /** The refund is recorded ('requested', counted against what is left); the provider not yet asked. */
  'refund.after-record',
  /** The provider has made the refund; its answer is not recorded. */
  'refund.before-outcome',
  /** The payment domain has recorded the refund; the order (history, mail, activity log, closed) not yet. */
  'refund.before-order-record',
] as const;

export const FAULT_POINTS = [...CHECKOUT_FAULT_POINTS, ...REFUND_FAULT_POINTS] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];
/** 'throw': the step fails (an error, as a lost connection would); 'kill': the process dies at once (SIGKILL). */
export type FaultAction = 'throw' | 'kill';

export class InjectedFault extends Error {
  override name = 'InjectedFault';
  constructor(readonly point: FaultPoint) {
    super(`injected fault at ${point}`);
  }
}

const armed = new Map<FaultPoint, FaultAction>();
/** Read from SHOP_FAULTS, armed once the start-up work is over (`armPendingFaults`). */
const pending = new Map<FaultPoint, FaultAction>();

/** Arms a fault point: the next time the code passes it, the action happens (once). */
export function armFault(point: FaultPoint, action: FaultAction = 'throw'): void {
  armed.set(point, action);
}

export function disarmFaults(): void {
  armed.clear();
}

/**
 * Reads `SHOP_FAULTS` (e.g. `checkout.after-claim=kill`); throws on an unknown point or action.
 * They take effect at `armPendingFaults()`, once the start-up reconciliation is over, so a test
 * kills the process in the steps of a new order rather than in the recovery of the last one.
 */
export function faultsFromEnv(env: NodeJS.ProcessEnv = process.env): void {
  const spec = env.SHOP_FAULTS?.trim();
  if (!spec || env.NODE_ENV === 'production') return;
  for (const item of spec.split(',')) {
    const [point, action = 'throw'] = item.split('=').map((s) => s.trim());
    if (!FAULT_POINTS.includes(point as FaultPoint) || (action !== 'throw' && action !== 'kill')) {
      throw new Error(`SHOP_FAULTS: unknown fault "${item}" (points: ${FAULT_POINTS.join(', ')}; actions: throw, kill)`);
    }
    pending.set(point as FaultPoint, action);
  }
}

/** Arms what `faultsFromEnv` read; returns the points armed (`point=action`), for the log. */
export function armPendingFaults(): string[] {
  const points = [...pending].map(([point, action]) => `${point}=${action}`);
  for (const [point, action] of pending) armFault(point, action);
  pending.clear();
  return points;
}

/** A named step boundary: does nothing unless a test armed this point. */
export function faultPoint(point: FaultPoint): void {
  if (armed.size === 0) return;
  const action = armed.get(point);
  if (!action) return;
  armed.delete(point);
  if (action === 'kill') process.kill(process.pid, 'SIGKILL');
  throw new InjectedFault(point);
}
