import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { renderWithShop } from '../test/render';
import { LiveSearch } from './LiveSearch';
import { SEARCH_DEBOUNCE_MS } from './useSuggestions';

const hits = {
  q: 'membrane',
  items: [
    { id: 1, sku: 'HV-CDM8', name: 'Hydrovault 8mm Cavity Drain Membrane', type_id: 'simple', url: '/hydrovault-cavity-drain-membrane-8mm', price: 119.5, short_description: '<p>Studded <b>HDPE</b> membrane</p>', image: '/media/a.svg' },
    { id: 2, sku: 'HV-DPM', name: 'Damp Proof Membrane <img src=x onerror=alert(1)>', type_id: 'simple', url: '/dpm', price: 42, short_description: null, image: null },
  ],
};

async function type(text: string) {
  const input = screen.getByRole('combobox');
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10);
  });
  return input;
}

describe('LiveSearch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("says 'Type for search suggestions...' while empty", () => {
    renderWithShop(<LiveSearch />);
    fireEvent.focus(screen.getByRole('combobox'));
    expect(screen.getByText('Type for search suggestions...')).toBeInTheDocument();
  });

  it('suggests products from the server with the typed text highlighted, plain-text descriptions and prices', async () => {
    const { calls } = mockApi({ '/products/search?q=membrane&limit=8': { body: hits } });
    renderWithShop(<LiveSearch />);
    await type('membrane');
    const options = await screen.findAllByRole('option');
    // Two suggestions, then the way to every result.
    expect(options).toHaveLength(3);
    expect(options[2]).toHaveTextContent('See all results for "membrane"');
    expect(within(options[0]!).getByText('Membrane', { selector: 'mark' })).toBeInTheDocument();
    expect(options[0]).toHaveTextContent('Studded HDPE membrane');
    expect(options[0]).toHaveTextContent('£119.50');
    // Markup in product data is shown as text, never injected.
    expect(options[1]!.querySelector('img[src="x"]')).toBeNull();
    expect(options[1]).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(calls).toHaveLength(1);
  });

  it('moves through suggestions with the arrow keys and opens the active one with Enter', async () => {
    mockApi({ '/products/search?q=membrane&limit=8': { body: hits } });
    renderWithShop(<LiveSearch />);
    const input = await type('membrane');
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/hydrovault-cavity-drain-membrane-8mm');
  });

  it('Enter without a chosen suggestion opens the results page; Escape closes the list', async () => {
    mockApi({ '/products/search?q=membrane&limit=8': { body: hits } });
    renderWithShop(<LiveSearch />);
    const input = await type('membrane');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=membrane');
  });

  it("ends the suggestions with 'See all results for \"{term}\"' for mouse, touch and keyboard", async () => {
    mockApi({ '/products/search?q=membrane&limit=8': { body: hits } });
    renderWithShop(<LiveSearch />);
    const input = await type('membrane');
    const seeAll = await screen.findByRole('option', { name: 'See all results for "membrane"' });
    // The arrows reach it after the last suggestion.
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(seeAll).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(seeAll);
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=membrane');
  });

  it("prices configurable and grouped products 'From' their cheapest choice", async () => {
    mockApi({
      '/products/search?q=membrane&limit=8': {
        body: { q: 'membrane', items: [{ ...hits.items[0]!, type_id: 'configurable', price: 98 }, { ...hits.items[1]!, type_id: 'simple' }] },
      },
    });
    renderWithShop(<LiveSearch />);
    await type('membrane');
    const [configurable, simple] = await screen.findAllByRole('option');
    expect(configurable).toHaveTextContent('From £98.00');
    expect(simple).not.toHaveTextContent('From');
  });

  it('in the phone overlay, one Escape closes it even with text in the box', async () => {
    mockApi({ '/products/search?q=membrane&limit=8': { body: hits } });
    const onDismiss = jest.fn();
    renderWithShop(<LiveSearch variant="overlay" onDismiss={onDismiss} />);
    const input = await type('membrane');
    const escape = fireEvent.keyDown(input, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    // Handled: the search box does not spend the press on clearing itself.
    expect(escape).toBe(false);
    expect(input).toHaveAttribute('data-autofocus');
  });

  it('the mobile overlay says what to do and when nothing matches', async () => {
    mockApi({ '/products/search?q=zzz&limit=8': { body: { q: 'zzz', items: [] } } });
    renderWithShop(<LiveSearch variant="overlay" />);
    expect(screen.getByText('Start typing to see results.')).toBeInTheDocument();
    await type('zzz');
    expect(await screen.findByText('No products found for "zzz"')).toBeInTheDocument();
  });
});
