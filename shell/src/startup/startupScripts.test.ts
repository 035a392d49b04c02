import { loadStartupScripts } from './startupScripts';

function entryScript(startup?: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = 'http://shop.test/main.js';
  if (startup !== undefined) script.dataset.startup = startup;
  return script;
}

const added = () => [...document.head.querySelectorAll('script')] as HTMLScriptElement[];

beforeEach(() => {
  document.head.innerHTML = '';
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('loadStartupScripts', () => {
  it('adds the named scripts beside main.js, one per task, and resolves once all have loaded', async () => {
    let done = false;
    const loading = loadStartupScripts(entryScript('470.abc.js shared-router.def.js')).then(() => (done = true));

    expect(added().map((s) => s.src)).toEqual(['http://shop.test/470.abc.js']);
    await jest.advanceTimersByTimeAsync(1);
    expect(added().map((s) => s.src)).toEqual(['http://shop.test/470.abc.js', 'http://shop.test/shared-router.def.js']);

    added()[0]!.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toBe(false);
    // A script that fails is left to the federation runtime (it tries again and reports it).
    added()[1]!.dispatchEvent(new Event('error'));
    await jest.advanceTimersByTimeAsync(1);
    await loading;
    expect(done).toBe(true);
  });

  it('adds nothing without a list (a build without it, or no current script)', async () => {
    await loadStartupScripts(entryScript());
    await loadStartupScripts(null);
    expect(added()).toEqual([]);
  });
});
