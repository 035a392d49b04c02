import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Routes } from '@shop/shared/router';
import type { PublishedRouteList } from '@shop/shared/routes';
import { DEFAULT_TITLE } from '@shop/shared/shop';
import { registerShopRemotes } from './federation/remotes';
import type { RouteLists } from './routeTable';
import { RouteTableProvider, shopRoutes, useRouteTable } from './routes';
import { Where } from './test/render';

// Every remote module renders its id and props, so a test sees which page the shell chose.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: async (id: string) => ({
    default: (props: Record<string, unknown>) => <p data-testid="page">{`${id} ${JSON.stringify(props)}`}</p>,
  }),
}));

const catalog: PublishedRouteList = {
  remote: 'catalog',
  list: {
    routes: [{ path: '/catalog/product/view/id/:productId', module: 'catalog/ProductPage' }],
    rewrites: { product: { module: 'catalog/ProductPage', prop: 'productId' } },
  },
};
const account: PublishedRouteList = {
  remote: 'account',
  list: {
    routes: [
      { path: '/customer/account/login', module: 'account/LoginPage' },
      { path: '/customer/account', module: 'account/DashboardPage', guarded: true },
    ],
    rewrites: {},
  },
};

/** The API and the remotes' manifests, as the browser would reach them. */
function serve(answers: Record<string, unknown>) {
  globalThis.fetch = jest.fn(async (input: string | URL) => {
    const url = String(input).replace(/^http:\/\/localhost/, '');
    const found = url in answers;
    const body = JSON.stringify(found ? answers[url] : { error: 'Not Found', message: 'Not found' });
    return { ok: found, status: found ? 200 : 404, json: async () => JSON.parse(body), text: async () => body } as Response;
  }) as unknown as typeof fetch;
}

function Shop() {
  const { table } = useRouteTable();
  return <Routes>{shopRoutes(table)}</Routes>;
}

function renderShop(path: string, lists: RouteLists) {
  return render(
    <Provider store={createStore()}>
      <RouteTableProvider lists={lists}>
        <MemoryRouter initialEntries={[path]}>
          <Shop />
          <Where />
        </MemoryRouter>
      </RouteTableProvider>
    </Provider>,
  );
}

beforeEach(() => {
  registerShopRemotes({
    remotes: { catalog: '/remotes/catalog/mf-manifest.json', account: '/remotes/account/mf-manifest.json' },
  });
  serve({});
});

describe('the route table the remotes publish', () => {
  it('renders a remote’s page from its own list, with the path’s parameters', async () => {
    renderShop('/customer/account/login', { lists: [catalog, account], missing: [] });
    expect(await screen.findByTestId('page')).toHaveTextContent('account/LoginPage');
  });

  it('sends a shopper who is not signed in from a guarded page to login', async () => {
    renderShop('/customer/account', { lists: [catalog, account], missing: [] });
    expect(await screen.findByTestId('page')).toHaveTextContent('account/LoginPage');
    expect(screen.getByTestId('where')).toHaveTextContent('/customer/account/login');
  });

  it('renders a URL rewrite with the module and prop the owning remote names', async () => {
    serve({ '/api/url-rewrites/resolve?path=hydrovault-cavity-drain': { type: 'product', id: 7, sku: 'HV-8', url: '/hydrovault-cavity-drain' } });
    renderShop('/hydrovault-cavity-drain', { lists: [catalog, account], missing: [] });
    expect(await screen.findByTestId('page')).toHaveTextContent('catalog/ProductPage {"productId":7}');
  });

  it('shows not-found for a path no list and no rewrite knows', async () => {
    renderShop('/no-such-page', { lists: [catalog, account], missing: [] });
    expect(await screen.findByRole('heading', { name: "Sorry, we couldn't find that page" })).toBeInTheDocument();
  });

  it('while a remote’s list is missing, shows its region with Retry, and Retry reads the list and routes the page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShop('/customer/account/login', { lists: [catalog], missing: ['account'] });
    const region = await screen.findByRole('alert');
    expect(region).toHaveAttribute('data-remote-error', 'account');
    expect(region).toHaveTextContent('could not be loaded');
    expect(screen.queryByText("Sorry, we couldn't find that page")).not.toBeInTheDocument();
    expect(document.title).toBe(DEFAULT_TITLE);

    // The account team's host is back.
    serve({ '/remotes/account/mf-manifest.json': { name: 'account', shop: { routes: account.list } } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByTestId('page')).toHaveTextContent('account/LoginPage');
  });
});
