import { act, render, screen } from '@testing-library/react';
import { FederatedSlot } from './FederatedSlot';

describe('FederatedSlot', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('renders the module another remote exposes, with the props given', async () => {
    const load = jest.fn(async () => ({ default: ({ label }: { label: string }) => <button type="button">{label}</button> }));
    render(<FederatedSlot module="checkout/Button" props={{ label: 'Pay now' }} load={load} />);
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('checkout/Button');
  });

  it('stays empty, without breaking the page, when the module cannot be loaded', async () => {
    const load = jest.fn(async () => {
      throw new Error('Remote "checkout" is not configured');
    });
    render(
      <>
        <h1>Product</h1>
        <FederatedSlot module="checkout/Missing" load={load} />
      </>,
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByRole('heading', { name: 'Product' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a module that throws while rendering inside its own region', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <>
        <p>Rest of the page</p>
        <FederatedSlot module="checkout/Broken" load={async () => ({ default: Broken })} />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByText('Rest of the page')).toBeInTheDocument();
  });

  describe('deferred (below the fold)', () => {
    let observed: { callback: IntersectionObserverCallback; element: Element | null }[];
    beforeEach(() => {
      observed = [];
      // jsdom has neither: a fake observer the test triggers, and an idle that never comes.
      (globalThis as Record<string, unknown>).IntersectionObserver = class {
        constructor(readonly callback: IntersectionObserverCallback) {
          observed.push({ callback, element: null });
        }
        observe(element: Element) {
          observed.at(-1)!.element = element;
        }
        disconnect() {}
      };
      (globalThis as Record<string, unknown>).requestIdleCallback = jest.fn(() => 1);
      (globalThis as Record<string, unknown>).cancelIdleCallback = jest.fn();
    });
    afterEach(() => {
      delete (globalThis as Record<string, unknown>).IntersectionObserver;
      delete (globalThis as Record<string, unknown>).requestIdleCallback;
      delete (globalThis as Record<string, unknown>).cancelIdleCallback;
    });
    const come = (isIntersecting: boolean) =>
      act(() => observed[0]!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));

    it('loads nothing until the slot nears the viewport, showing its placeholder in the reserved box', async () => {
      const load = jest.fn(async () => ({ default: () => <button type="button">Buy with Wallet</button> }));
      render(<FederatedSlot module="checkout/Later" load={load} defer className="reserved" loading={<span>Wallet placeholder</span>} />);
      expect(screen.getByText('Wallet placeholder').parentElement).toHaveClass('reserved');
      come(false);
      expect(load).not.toHaveBeenCalled();
      come(true);
      expect(await screen.findByRole('button', { name: 'Buy with Wallet' })).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('loads when the browser is idle, if the slot is never scrolled to', async () => {
      const load = jest.fn(async () => ({ default: () => <button type="button">Idle Wallet</button> }));
      jest.useFakeTimers();
      try {
        render(<FederatedSlot module="checkout/Idle" load={load} defer />);
        const idle = (globalThis as unknown as { requestIdleCallback: jest.Mock }).requestIdleCallback;
        // Not at once: a while after the load event, then at the browser's next idle moment.
        act(() => jest.advanceTimersByTime(1_900));
        expect(idle).not.toHaveBeenCalled();
        act(() => jest.advanceTimersByTime(200));
        expect(load).not.toHaveBeenCalled();
        act(() => (idle.mock.calls[0]![0] as () => void)());
      } finally {
        jest.useRealTimers();
      }
      expect(await screen.findByRole('button', { name: 'Idle Wallet' })).toBeInTheDocument();
    });
  });
});
