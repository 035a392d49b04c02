import { render, screen } from '@testing-library/react';
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
});
