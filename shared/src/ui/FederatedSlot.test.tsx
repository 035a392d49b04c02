import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
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
    let observed: { callback: IntersectionObserverCallback; options: IntersectionObserverInit | undefined; element?: Element }[];
    beforeEach(() => {
      observed = [];
      class FakeObserver {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observed.push({ callback, options });
        }
        observe(element: Element) {
          observed[observed.length - 1]!.element = element;
        }
        disconnect() {}
      }
      (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
    });
    afterEach(() => {
      delete (globalThis as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    const wallet = () => jest.fn(async () => ({ default: () => <button type="button">Express Checkout</button> }));
    const intersect = (isIntersecting: boolean) =>
      act(() => {
        for (const o of observed) o.callback([{ isIntersecting, target: o.element! } as IntersectionObserverEntry], {} as IntersectionObserver);
      });

    it('loads nothing until its box nears the viewport, then the module', async () => {
      const load = wallet();
      render(<FederatedSlot module="checkout/Express" load={load} defer className="box" />);
      await act(async () => undefined);
      expect(load).not.toHaveBeenCalled();
      expect(observed).toHaveLength(1);
      expect(observed[0]!.element).toHaveAttribute('data-slot', 'checkout/Express');
      expect(observed[0]!.options?.rootMargin).toMatch(/px/);
      intersect(false);
      expect(load).not.toHaveBeenCalled();
      intersect(true);
      expect(await screen.findByRole('button', { name: 'Express Checkout' })).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('loads on the first tap or key press anywhere, before it is scrolled to', async () => {
      const load = wallet();
      render(<FederatedSlot module="checkout/Express2" load={load} defer />);
      await act(async () => undefined);
      expect(load).not.toHaveBeenCalled();
      fireEvent.pointerDown(window);
      expect(await screen.findByRole('button', { name: 'Express Checkout' })).toBeInTheDocument();
    });

    it('renders the same empty box on the server as on hydration (no module, no observer)', () => {
      const load = wallet();
      const html = renderToString(<FederatedSlot module="checkout/Express3" load={load} defer className="box" loading={<span>…</span>} />);
      expect(html).toContain('data-slot-state="deferred"');
      expect(html).toContain('…');
      expect(load).not.toHaveBeenCalled();
    });
  });
});
