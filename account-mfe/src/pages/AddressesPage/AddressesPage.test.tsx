import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { meAtom, type Address, type Customer } from '@shop/shared';
import { mockApi } from '@shop/shared/testing';
import { bodyOf, customer, renderPage } from '../../testing/renderPage';
import AddressesPage from './AddressesPage';

const home: Address = {
  id: 11,
  firstname: 'Jo',
  lastname: 'Bloggs',
  company: 'Bloggs Builders',
  telephone: '0113 496 0000',
  street: ['12 Canal Wharf', 'Holbeck'],
  city: 'Leeds',
  region: { region: 'West Yorkshire', region_code: 'WYK', region_id: 5002 },
  region_id: 5002,
  postcode: 'LS11 5AB',
  country_id: 'GB',
  default_billing: true,
  default_shipping: false,
};
const withHome: Customer = { ...customer, addresses: [home] };
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = (name: string) => fireEvent.click(screen.getByRole('button', { name: new RegExp(name) }));

describe('AddressesPage', () => {
  it('asks a signed-out shopper to log in', () => {
    mockApi({});
    renderPage(<AddressesPage />, { path: '/customer/address' });
    expect(screen.getByText('Please log in to view your addresses.')).toBeInTheDocument();
  });

  it('says it is loading until the customer arrives, then that there are no addresses', async () => {
    mockApi({ '/me': { body: { status: 'success', data: { data: customer } } } });
    renderPage(<AddressesPage />, { path: '/customer/address', token: 'tok' });
    expect(screen.getByText('Loading your addresses...')).toBeInTheDocument();
    expect(await screen.findByText('You have no saved addresses.')).toBeInTheDocument();
  });

  it('shows each address as a card with its badges and an Edit button', () => {
    mockApi({});
    renderPage(<AddressesPage />, { path: '/customer/address', token: 'tok', me: { ...withHome, addresses: [{ ...home, default_shipping: true }] } });
    const card = screen.getByRole('listitem', { name: 'Jo Bloggs' });
    for (const text of ['Bloggs Builders', '12 Canal Wharf', 'Holbeck', 'Leeds', 'West Yorkshire', 'LS11 5AB', 'United Kingdom', '0113 496 0000']) {
      expect(card).toHaveTextContent(text);
    }
    expect(within(card).getByText('Default Billing')).toBeInTheDocument();
    expect(within(card).getByText('Default Shipping')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Edit/ })).toBeInTheDocument();
  });

  it('gives every message of the address form under its field and saves nothing', async () => {
    const { calls } = mockApi({});
    renderPage(<AddressesPage />, { path: '/customer/address', token: 'tok', me: customer });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    expect(screen.getByRole('heading', { name: 'Add New Address' })).toBeInTheDocument();
    fill('First Name', '');
    fill('Last Name', '');
    save('Save Address');
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Phone Number is required',
      'Street Address (Line 1) is required',
      'City is required',
      'Postal Code is required',
      'County/State/Province is required for the selected country',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // The phone field keeps digits, spaces, brackets, hyphens and + only: 'call 123' is ' 123', too short.
    fill('Phone Number', 'call 123');
    expect(screen.getByLabelText('Phone Number')).toHaveValue(' 123');
    fill('Postal Code', 'NOT A CODE');
    save('Save Address');
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid UK postcode')).toBeInTheDocument();
    fill('Country', '');
    save('Save Address');
    expect(await screen.findByText('Country is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('adds an address: only non-empty street lines, the region id as an integer; the form closes', async () => {
    const saved: Customer = { ...customer, addresses: [{ ...home, id: 12, street: ['4 Mill Lane'], company: null, default_billing: false }] };
    const { calls, fetchMock } = mockApi({ '/customer/me/add-address': { body: { status: 'success', message: 'saved', data: { customer: saved } } } });
    const { store } = renderPage(<AddressesPage />, { path: '/customer/address', token: 'tok', me: customer });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    fill('Phone Number', '+44 (0)161 496-0000');
    fill('Street Address (Line 1)', '4 Mill Lane');
    fill('City', 'Manchester');
    fill('Postal Code', 'm11ae');
    fill('County/State/Province', '5003');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use as my default shipping address' }));
    // The busy flag: the button is disabled while the call runs.
    let release!: () => void;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (url: string, init?: RequestInit) => {
      await new Promise<void>((r) => (release = r));
      return original(url, init);
    });
    save('Save Address');
    await waitFor(() => expect(screen.getByRole('button', { name: /Save Address/ })).toBeDisabled());
    release();
    expect(await screen.findByText('You saved the address.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add New Address' })).not.toBeInTheDocument();
    expect(bodyOf(calls[0])).toEqual({
      customerToken: 'tok',
      address: {
        firstname: 'Jo',
        lastname: 'Bloggs',
        company: null,
        telephone: '+44 (0)161 496-0000',
        street: ['4 Mill Lane'],
        city: 'Manchester',
        postcode: 'm11ae',
        country_id: 'GB',
        region_id: 5003,
        default_billing: false,
        default_shipping: true,
      },
    });
    expect(store.get(meAtom)?.addresses).toHaveLength(1);
  });

  it('edits an address with Save Changes, and shows a failed save in the red box', async () => {
    const { calls } = mockApi({ '/customer/me/update-address': { status: 400, body: { message: 'Please enter a valid UK postcode', field: 'address.postcode' } } });
    renderPage(<AddressesPage />, { path: '/customer/address', token: 'tok', me: withHome });
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    expect(screen.getByRole('heading', { name: 'Edit Address' })).toBeInTheDocument();
    expect(screen.getByLabelText('Street Address (Line 1)')).toHaveValue('12 Canal Wharf');
    expect(screen.getByLabelText('County/State/Province')).toHaveValue('5002');
    expect(screen.getByRole('checkbox', { name: 'Use as my default billing address' })).toBeChecked();
    fill('City', 'Bradford');
    save('Save Changes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid UK postcode');
    expect(bodyOf(calls[0])).toMatchObject({ address: { id: 11, city: 'Bradford', street: ['12 Canal Wharf', 'Holbeck'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Edit Address' })).not.toBeInTheDocument();
  });

  it('falls back to the spec text when the server gives no message', async () => {
    mockApi({ '/customer/me/update-address': { status: 500, body: {} } });
    renderPage(<AddressesPage />, { path: '/customer/address', token: 'tok', me: withHome });
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    save('Save Changes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not update the address. Please try again.');
  });
});
