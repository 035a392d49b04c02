import { StepFailure, Steps, type Step } from './steps';

const reason = { status: 'failed' as const, code: 'card_declined', message: 'Your card was declined.' };

function recorder() {
  const log: string[] = [];
  const step = <T>(name: string, value: T, undo = true): Step<unknown, T> => ({
    name,
    run: async () => {
      log.push(`run ${name}`);
      return value;
    },
    ...(undo
      ? {
          compensate: async (output: T, failure: StepFailure<unknown>) => {
            log.push(`undo ${name} ${JSON.stringify(output)} (${failure.reason.code})`);
          },
        }
      : {}),
  });
  return { log, step };
}

describe('Steps', () => {
  it('runs steps in order and answers each output', async () => {
    const { log, step } = recorder();
    const steps = new Steps('test');
    expect(await steps.run(step('a', 1), null)).toBe(1);
    expect(await steps.run(step('b', 'two'), null)).toBe('two');
    expect(log).toEqual(['run a', 'run b']);
  });

  it('on a definite failure runs the compensations of the steps done, newest first, then answers the failure', async () => {
    const { log, step } = recorder();
    const steps = new Steps('test');
    await steps.run(step('claim', { id: 7 }), null);
    await steps.run(step('no-undo', 0, false), null);
    await steps.run(step('charge', 'pi_1'), null);
    const failing: Step<null, string> = {
      name: 'record',
      run: async () => {
        throw new StepFailure(reason, async () => 'answered after undo');
      },
      compensate: async () => {
        log.push('undo record (must not run: it did nothing)');
      },
    };
    await expect(steps.run(failing, null)).resolves.toBe('answered after undo');
    expect(log).toEqual(['run claim', 'run no-undo', 'run charge', 'undo charge "pi_1" (card_declined)', 'undo claim {"id":7} (card_declined)']);
  });

  it('the failure answer may throw (an HttpError for the shopper)', async () => {
    const { log, step } = recorder();
    const steps = new Steps('test');
    await steps.run(step('claim', 1), null);
    const refused: Step<null, never> = {
      name: 'charge',
      run: async () => {
        throw new StepFailure(reason, async () => {
          throw new Error('400 payment details');
        });
      },
    };
    await expect(steps.run(refused, null)).rejects.toThrow('400 payment details');
    expect(log).toEqual(['run claim', 'undo claim 1 (card_declined)']);
  });

  it('an unknown outcome (any other error) undoes nothing: the work is finished forward later', async () => {
    const { log, step } = recorder();
    const steps = new Steps('test');
    await steps.run(step('claim', 1), null);
    const unreachable: Step<null, never> = {
      name: 'charge',
      run: async () => {
        throw new Error('provider unreachable');
      },
    };
    await expect(steps.run(unreachable, null)).rejects.toThrow('provider unreachable');
    expect(log).toEqual(['run claim']);
  });

  it('a step done before the run (done) is compensated like one run here', async () => {
    const log: string[] = [];
    const steps = new Steps('retry').done('claim', async (failure) => {
      log.push(`undo claim (${failure.reason.message})`);
    });
    const declined: Step<null, string> = {
      name: 'record',
      run: async () => {
        throw new StepFailure(reason, async () => 'declined');
      },
    };
    expect(await steps.run(declined, null)).toBe('declined');
    expect(log).toEqual(['undo claim (Your card was declined.)']);
  });
});
