import { Steps, type FailureReason, type Step } from './steps';

const reason: FailureReason = { status: 'failed', code: 'card_declined', message: 'Your card was declined.' };

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
          compensate: async (output: T, failure: FailureReason) => {
            log.push(`undo ${name} ${JSON.stringify(output)} (${failure.code})`);
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

  it('on a failure for good runs the compensations of the steps done, newest first, each once', async () => {
    const { log, step } = recorder();
    const steps = new Steps('test');
    await steps.run(step('claim', { id: 7 }), null);
    await steps.run(step('no-undo', 0, false), null);
    await steps.run(step('charge', 'pi_1'), null);
    await steps.undo(reason);
    expect(log).toEqual(['run claim', 'run no-undo', 'run charge', 'undo charge "pi_1" (card_declined)', 'undo claim {"id":7} (card_declined)']);
    await steps.undo(reason);
    expect(log).toHaveLength(5);
  });

  it('an unknown outcome (a step throws) undoes nothing: the work is finished forward later', async () => {
    const { log, step } = recorder();
    const steps = new Steps('test');
    await steps.run(step('claim', 1), null);
    const unreachable: Step<null, never> = {
      name: 'charge',
      run: async () => {
        throw new Error('provider unreachable');
      },
      compensate: async () => {
        log.push('undo charge (must not run: it did nothing)');
      },
    };
    await expect(steps.run(unreachable, null)).rejects.toThrow('provider unreachable');
    expect(log).toEqual(['run claim']);
  });
});
