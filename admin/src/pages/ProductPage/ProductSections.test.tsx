import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { STRUCTURE_MESSAGES, type AdminCustomOptions, type AdminProductImages, type AdminProductStructure } from '@shop/shared/backoffice';
import { CustomOptions } from './CustomOptions';
import { ProductChildren } from './ProductChildren';
import { ProductImages } from './ProductImages';

/** What fetch resolves to (jsdom has no Response): the parts api.ts reads. */
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
let routes: Record<string, (init?: RequestInit) => Promise<Response>>;
let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    return routes[key]?.(init) ?? answer({ message: `not here: ${key}` }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});
const bodyOf = (method: string, url: string) => {
  const call = fetchMock.mock.calls.filter(([u, init]) => String(u) === url && (init as RequestInit | undefined)?.method === method).at(-1);
  return call ? (call[1] as RequestInit).body : undefined;
};

const images: AdminProductImages = {
  items: [
    { id: 1, file: '/media/catalog/product/roll.svg', label: 'A roll', position: 1 },
    { id: 2, file: '/media/uploads/products/0123456789abcdef01234567.webp', label: '', position: 2 },
  ],
};

describe('Pictures', () => {
  it('moves a picture first with the keyboard, sets its alt text, and saves the order and words', async () => {
    routes = {
      'GET /admin-api/products/7/images': () => answer(images),
      'POST /admin-api/products/7/images/save': () => answer({ items: [{ ...images.items[1]!, label: 'Membrane on a wall', position: 1 }, { ...images.items[0]!, position: 2 }] }),
    };
    render(<ProductImages productId={7} />);
    const save = await screen.findByRole('button', { name: 'Update pictures' });
    expect(save).toBeDisabled();
    // The uploaded picture's thumbnail is its 160 px file; a seeded picture is shown as it is.
    const thumbs = screen.getAllByRole('listitem').map((li) => li.querySelector('img')!.getAttribute('src'));
    expect(thumbs).toEqual(['/media/catalog/product/roll.svg', '/media/uploads/products/0123456789abcdef01234567-160.webp']);

    screen.getByRole('button', { name: 'Move picture 2 up' }).focus();
    await userEvent.keyboard('{Enter}');
    const first = screen.getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Main image')).toBeInTheDocument();
    // Focus stays with the picture that moved (now first: its Move down button).
    await waitFor(() => expect(document.activeElement).toBe(within(first).getByRole('button', { name: 'Move picture 1 down' })));
    await userEvent.type(within(first).getByLabelText('Alt text'), 'Membrane on a wall');
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Pictures saved. The shop shows them within 2 seconds.');
    expect(JSON.parse(String(bodyOf('POST', '/admin-api/products/7/images/save')))).toEqual({
      images: [
        { id: 2, label: 'Membrane on a wall' },
        { id: 1, label: 'A roll' },
      ],
    });
  });

  it('uploads a chosen file at once and shows the API’s refusal under the field', async () => {
    let refuse = false;
    routes = {
      'GET /admin-api/products/7/images': () => answer(images),
      'POST /admin-api/products/7/images': () =>
        refuse
          ? answer({ message: STRUCTURE_MESSAGES.imageTooLarge, field: 'image' }, 413)
          : answer({ items: [...images.items, { id: 3, file: '/media/uploads/products/aaaaaaaaaaaaaaaaaaaaaaaa.webp', label: '', position: 3 }] }),
    };
    render(<ProductImages productId={7} />);
    const input = await screen.findByLabelText('Add a picture');
    await userEvent.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'roll.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added roll.jpg.');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(bodyOf('POST', '/admin-api/products/7/images')).toBeInstanceOf(File);

    refuse = true;
    await userEvent.upload(input, new File([new Uint8Array(10)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STRUCTURE_MESSAGES.imageTooLarge);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

const structure: AdminProductStructure = {
  type_id: 'configurable',
  configurable_options: [{ attribute_id: 93, code: 'colour', label: 'Colour', values: [{ value_index: 1, label: 'Black' }, { value_index: 2, label: 'White' }] }],
  children: [{ id: 11, sku: 'CDM-BLACK', name: 'CDM black', price_pence: 4500, qty: 3, is_in_stock: true, enabled: true, position: 1, option_values: { 93: 1 }, option_labels: { Colour: 'Black' } }],
  associated: [],
};

describe('Children', () => {
  it('lists the children with their option values, links to their pages, and shows a refusal under the option it names', async () => {
    routes = {
      'GET /admin-api/products/7/structure': () => answer(structure),
      'POST /admin-api/products/7/children': () => answer({ message: `optionValues: ${STRUCTURE_MESSAGES.childValuesTaken}`, field: 'optionValues' }, 400),
    };
    render(<MemoryRouter><ProductChildren productId={7} /></MemoryRouter>);
    const row = (await screen.findByRole('link', { name: 'CDM black' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'CDM black' })).toHaveAttribute('href', '/products/11');
    expect(row).toHaveTextContent('Black');
    expect(row).toHaveTextContent('£45.00');
    await userEvent.type(screen.getByLabelText('SKU'), 'CDM-WHITE');
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'Black');
    await userEvent.click(screen.getByRole('button', { name: 'Link the child' }));
    expect(await screen.findByText(STRUCTURE_MESSAGES.childValuesTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Colour')).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(String(bodyOf('POST', '/admin-api/products/7/children')))).toEqual({ sku: 'CDM-WHITE', optionValues: { 93: 1 } });
  });
});

describe('Custom options', () => {
  it('adds an option with values and shows the API’s refusal under the value it names', async () => {
    const saved: AdminCustomOptions = { options: [{ id: 5, title: 'Roll width', type: 'drop_down', required: true, values: [{ id: 8, title: '2m', pricePence: 1250 }] }] };
    let refuse = true;
    routes = {
      'GET /admin-api/products/7/options': () => answer({ options: [] }),
      'POST /admin-api/products/7/options': () =>
        refuse ? answer({ message: `options.0.values.0.title: ${STRUCTURE_MESSAGES.valueTitle}`, field: 'options.0.values.0.title' }, 400) : answer(saved),
    };
    render(<CustomOptions productId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an option' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Roll width');
    await userEvent.click(screen.getByLabelText('Required'));
    await userEvent.click(screen.getByRole('button', { name: 'Update options' }));
    expect(await screen.findByText(STRUCTURE_MESSAGES.valueTitle)).toBeInTheDocument();
    expect(screen.getByLabelText('Value 1 title')).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await userEvent.type(screen.getByLabelText('Value 1 title'), '2m');
    await userEvent.clear(screen.getByLabelText('Price (£)'));
    await userEvent.type(screen.getByLabelText('Price (£)'), '12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Update options' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Options saved.');
    expect(JSON.parse(String(bodyOf('POST', '/admin-api/products/7/options')))).toEqual({
      options: [{ title: 'Roll width', type: 'drop_down', required: true, values: [{ title: '2m', pricePence: 1250 }] }],
    });
    expect(screen.getByLabelText('Title')).toHaveValue('Roll width');
  });
});
