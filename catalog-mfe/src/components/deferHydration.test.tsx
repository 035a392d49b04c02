import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fakeIntersectionObserver } from '../testing/intersection';
import { deferHydration } from './deferHydration';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((x) => x + 1)}>
      {label}: {n}
    </button>
  );
}

let observer: ReturnType<typeof fakeIntersectionObserver>;
beforeEach(() => {
  observer = fakeIntersectionObserver();
});
afterEach(() => {
  observer.uninstall();
  document.body.innerHTML = '';
});

describe('deferHydration', () => {
  it('keeps the server’s HTML without loading the code until the region nears the viewport, then makes it work', async () => {
    const load = jest.fn(async () => ({ default: Counter }));
    const Deferred = deferHydration(load);
    const container = document.createElement('div');
    // What the server sent: the region rendered by its own code, inside the deferred element.
    container.innerHTML = `<p>Above</p><fieldset class="region calc" disabled>${renderToString(<Counter label="Rolls" />)}</fieldset>`;
    document.body.appendChild(container);

    await act(async () => {
      hydrateRoot(
        container,
        <>
          <p>Above</p>
          <Deferred className="calc" label="Rolls" />
        </>,
      );
    });
    expect(screen.getByRole('button', { name: 'Rolls: 0' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    // Not hydrated: disabled, so nothing done there is lost before the code arrives.
    expect(screen.getByRole('button', { name: 'Rolls: 0' })).toBeDisabled();

    await act(async () => observer.reveal());
    expect(load).toHaveBeenCalled();
    const button = await screen.findByRole('button', { name: 'Rolls: 0' });
    expect(container.querySelectorAll('button')).toHaveLength(1);
    expect(button.parentElement).toHaveClass('calc');
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Rolls: 1' })).toBeInTheDocument();
  });

  it('loads at once after hydration for `now`, without waiting for the viewport', async () => {
    const load = jest.fn(async () => ({ default: Counter }));
    const Deferred = deferHydration(load, { when: 'now' });
    const container = document.createElement('div');
    container.innerHTML = `<fieldset class="region inline" disabled>${renderToString(<Counter label="Option" />)}</fieldset>`;
    document.body.appendChild(container);
    await act(async () => {
      hydrateRoot(container, <Deferred label="Option" />);
    });
    expect(load).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Option: 0' })).toBeEnabled());
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });

  it('renders at once (once its code is there) on a page rendered in the browser', async () => {
    const Deferred = deferHydration(async () => ({ default: Counter }));
    const { render } = await import('@testing-library/react');
    render(<Deferred label="Packs" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Packs: 0' }));
    expect(screen.getByRole('button', { name: 'Packs: 1' })).toBeInTheDocument();
  });
});
