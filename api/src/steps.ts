/**
 * A small step runner for multi-step writes that cannot be one transaction (placing an order: it
 * calls a payment provider), in the manner of Medusa's workflows: named steps, each with an
 * optional compensation that undoes it when a later step fails for good.
 *
 * The workflow names its branches itself (checkout/place-order.ts): a step answers what happened
 * (e.g. the card was declined) and the workflow, on a failure for good, calls `undo(reason)`,
 * which runs the compensations of the steps done so far, newest first. An error thrown by a step
 * (the provider unreachable, the database failing, the process stopped at a fault point) means
 * the outcome is unknown: nothing is undone, and the work is finished forward later
 * (reconciliation asks the provider again with the same idempotency key).
 */

export interface Step<In, Out> {
  readonly name: string;
  run(input: In): Promise<Out>;
  /** Undoes what `run` did, when a later step fails for good. */
  compensate?(output: Out, reason: FailureReason): Promise<void>;
}

/** Why a workflow failed for good, as the compensations need it. */
export interface FailureReason {
  status: 'failed' | 'canceled';
  code: string | null;
  message: string;
  /** The provider's payment, when there is one. */
  intentId?: string | null;
}

export class Steps {
  private readonly done: Array<{ step: string; compensate: (reason: FailureReason) => Promise<void> }> = [];

  constructor(readonly workflow: string) {}

  /** Runs a step; its compensation (if any) is kept for `undo`. */
  async run<In, Out>(step: Step<In, Out>, input: In): Promise<Out> {
    const output = await step.run(input);
    const { compensate } = step;
    if (compensate) this.done.push({ step: step.name, compensate: (reason) => compensate.call(step, output, reason) });
    return output;
  }

  /** A failure for good: the compensations of the steps done so far run, newest first (each once). */
  async undo(reason: FailureReason): Promise<void> {
    const pending = this.done.splice(0).reverse();
    for (const { compensate } of pending) await compensate(reason);
  }
}
