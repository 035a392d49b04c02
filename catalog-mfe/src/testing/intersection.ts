/** What a fake IntersectionObserver watches: the callback it was made with, the element it observes. */
export interface Watch {
  callback: IntersectionObserverCallback;
  target?: Element;
}

/**
 * An IntersectionObserver the test drives (jsdom has none): nothing is near the viewport until
 * `reveal` reports the watched elements (all by default) in view. `uninstall` takes it away again.
 */
export function fakeIntersectionObserver() {
  const watches: Watch[] = [];
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    private readonly watch: Watch;
    constructor(callback: IntersectionObserverCallback) {
      this.watch = { callback };
      watches.push(this.watch);
    }
    observe(target: Element) {
      this.watch.target = target;
    }
    disconnect() {}
  };
  return {
    watches,
    reveal(which: Watch[] = watches) {
      for (const w of which) w.callback([{ isIntersecting: true, target: w.target } as IntersectionObserverEntry], {} as IntersectionObserver);
    },
    uninstall() {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}
