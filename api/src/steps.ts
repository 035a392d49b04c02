/**
 * A small step runner for multi-step writes (placing an order), in the manner of Medusa's
 * workflows: named steps, each with an optional compensation that undoes it when a later step
 * fails for good.
 *
 * Two kinds of failure, on purpose:
 * - a `StepFailure` (the provider refused the card, the payment was declined): the outcome is
 *   known, so the compensations of the steps done so far run, newest first, and the failure's
 *   `answer` is what the run answers (usually an HttpError it throws);
 * - any other error (the provider could not be reached, the database failed, the process is
 *   stopped at a fault point): the outcome is unknown, so nothing is undone; the work is finished
 *   forward later (reconciliation asks the provider with the same idempotency key).
 */

export interface Step<In, Out> {
  readonly name: string;
  run(input: In): Promise<Out>;
  /** Undoes what `run` did, when a later step fails for good. */
  compensate?(output: Out, failure: StepFailure<unknown>): Promise<void>;
}

/** Why a step failed for good, as the compensations need it. */
export interface FailureReason {
  status: 'failed' | 'canceled';
  code: string | null;
  message: string;
  /** The provider's payment, when there is one. */
  intentId?: string | null;
}

/** A step's definite failure: the compensations run, then `answer()` gives the run's answer. */
export class StepFailure<Out = never> extends Error {
  override name = 'StepFailure';
  constructor(
    readonly reason: FailureReason,
    readonly answer: () => Promise<Out>,
  ) {
    super(reason.message);
  }
}

export class Steps {
  private readonly undo: Array<{ step: string; compensate: (failure: StepFailure<unknown>) => Promise<void> }> = [];

  constructor(readonly workflow: string) {}

  /**
   * A step done before this run (by an earlier call, or a process that has since died): its
   * compensation runs here if a step of this run fails for good.
   */
  done(step: string, compensate: (failure: StepFailure<unknown>) => Promise<void>): this {
    this.undo.push({ step, compensate });
    return this;
  }

  async run<In, Out>(step: Step<In, Out>, input: In): Promise<Out> {
    let output: Out;
    try {
      output = await step.run(input);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      const failure = error as StepFailure<Out>;
      for (const { compensate } of [...this.undo].reverse()) await compensate(failure);
      this.undo.length = 0;
      return failure.answer();
    }
    const { compensate } = step;
    if (compensate) this.undo.push({ step: step.name, compensate: (failure) => compensate.call(step, output, failure) });
    return output;
  }
}
