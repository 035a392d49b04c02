import { act, screen } from '@testing-library/react';
import { mockApi } from '@shop/shared/testing';
import { renderWithShop } from '../test/render';
import { TEST_PAYMENTS_TEXT, TestPaymentsNotice } from './TestPaymentsNotice';

const config = (provider: 'test' | 'stripe') => ({
  provider,
  publishableKey: provider === 'stripe' ? 'pk_live_x' : null,
  currency: 'gbp',
  country: 'GB',
});

async function renderNotice() {
  renderWithShop(<TestPaymentsNotice />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('test payments notice', () => {
  it('tells shoppers plainly when payments are in test mode', async () => {
    mockApi({ '/payment/config': { body: config('test') } });
    await renderNotice();
    expect(screen.getByRole('note')).toHaveTextContent(TEST_PAYMENTS_TEXT);
  });

  it('says nothing when Stripe takes the payments', async () => {
    mockApi({ '/payment/config': { body: config('stripe') } });
    await renderNotice();
    expect(screen.queryByText(TEST_PAYMENTS_TEXT)).toBeNull();
  });

  it('says nothing when the API cannot say', async () => {
    mockApi({ '/payment/config': { status: 503, body: { error: 'Service Unavailable', message: 'down' } } });
    await renderNotice();
    expect(screen.queryByText(TEST_PAYMENTS_TEXT)).toBeNull();
  });

  describe('when the page server inlined the provider', () => {
    it('shows the notice in the first render, without asking the API', () => {
      const api = mockApi({});
      renderWithShop(<TestPaymentsNotice provider="test" />);
      expect(screen.getByRole('note')).toHaveTextContent(TEST_PAYMENTS_TEXT);
      expect(api.calls).toEqual([]);
    });

    it('shows nothing for Stripe, without asking the API', async () => {
      const api = mockApi({ '/payment/config': { body: config('test') } });
      renderWithShop(<TestPaymentsNotice provider="stripe" />);
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(screen.queryByText(TEST_PAYMENTS_TEXT)).toBeNull();
      expect(api.calls).toEqual([]);
    });
  });
});
