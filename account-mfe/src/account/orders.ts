import { ApiError, type OrderDetail, type OrderSummary } from '@shop/shared';
import { ORDER_MESSAGES } from '@shop/shared/forms';
import { accountApi } from './api';

/** The order texts of spec section 8, word for word. */
export const ORDER_LIST_MESSAGES = {
  unexpected: 'Orders data not found or in unexpected format from API.',
  fallback: 'Could not retrieve your orders.',
} as const;

export const ORDER_DETAIL_MESSAGES = {
  idRequired: 'Order ID is required to fetch details.',
  unexpected: 'Order data not found in API response or invalid structure.',
  apiFailed: 'Failed to fetch order details from API.',
  notFound: ORDER_MESSAGES.notFound,
  fallback: 'Could not load order details.',
} as const;

export const ORDERS_PAGE_SIZE = 10;

const unexpectedShape = (error: unknown) => error instanceof ApiError && error.message.startsWith('Unexpected answer');

/** One page of My Orders; throws an Error with the text the page shows. */
export async function fetchOrders(token: string, page: number): Promise<{ items: OrderSummary[]; totalCount: number }> {
  try {
    const { data } = await accountApi.orders(token, page, ORDERS_PAGE_SIZE);
    return { items: data.items, totalCount: data.totalCount };
  } catch (error) {
    throw new Error(unexpectedShape(error) ? ORDER_LIST_MESSAGES.unexpected : ORDER_LIST_MESSAGES.fallback, { cause: error });
  }
}

/** One order of the signed-in customer; 403/404 say it is not theirs (or not there). */
export async function fetchOrder(token: string, orderId: string | undefined): Promise<OrderDetail> {
  if (!orderId) throw new Error(ORDER_DETAIL_MESSAGES.idRequired);
  try {
    const answer = await accountApi.order(token, orderId);
    if (!answer.data.entity_id) throw new Error(ORDER_DETAIL_MESSAGES.unexpected);
    return answer.data;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error instanceof Error ? error : new Error(ORDER_DETAIL_MESSAGES.fallback);
    if (unexpectedShape(error)) throw new Error(ORDER_DETAIL_MESSAGES.unexpected, { cause: error });
    // A malformed id in the address answers 400: for the shopper it is an order that is not there.
    if (error.status === 403 || error.status === 404 || error.status === 400) throw new Error(ORDER_DETAIL_MESSAGES.notFound, { cause: error });
    if (error.status >= 500) throw new Error(ORDER_DETAIL_MESSAGES.apiFailed, { cause: error });
    throw new Error(error.message || ORDER_DETAIL_MESSAGES.fallback, { cause: error });
  }
}
