import {
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  paymentMethodTitle,
  type DownloadableProduct,
  type OrderAddress,
  type OrderDetail,
  type OrderLine,
  type OrderSuccess,
  type OrderSummary,
} from '@shop/shared/schemas';
import { addressFromRow } from '../address/mapper';
import { maskEmail } from '../customer/mask-email';
import { notFound } from '../http-errors';
import type { orderAddresses, orderLines } from './schema';
import type { OrdersStore } from './store';

const pounds = (pence: number) => pence / 100;

function lineAnswer(l: typeof orderLines.$inferSelect): OrderLine {
  const unitVat = Math.round((l.unitPricePence * l.vatRateBp) / 10000);
  return {
    item_id: l.id,
    sku: l.sku,
    name: l.name,
    qty_ordered: l.qty,
    price: pounds(l.unitPricePence),
    price_incl_tax: pounds(l.unitPricePence + unitVat),
    tax_percent: l.vatRateBp / 100,
    tax_amount: pounds(l.vatPence),
    row_total: pounds(l.rowTotalPence),
    row_total_incl_tax: pounds(l.rowTotalPence + l.vatPence),
    options: l.options,
  };
}

function addressAnswer(a: typeof orderAddresses.$inferSelect | undefined): OrderAddress | null {
  return a ? addressFromRow(a) : null;
}

/** 'LS11 5PS' -> 'LS11'; other countries: the first part before a space, at most 5 characters. */
function outwardCode(postcode: string): string {
  const compact = postcode.trim().toUpperCase();
  if (compact.includes(' ')) return compact.split(/\s+/)[0]!;
  return compact.length > 4 ? compact.slice(0, -3) : compact.slice(0, 5);
}

export function createOrdersService(store: OrdersStore) {
  return {
    async list(customerId: number, page: number, pageSize: number): Promise<{ items: OrderSummary[]; totalCount: number }> {
      const { total, rows, qty, shipTo, parcels } = await store.listForCustomer(customerId, page, pageSize);
      const qtyBy = new Map(qty.map((q) => [q.orderId, q.qty]));
      const shipBy = new Map(shipTo.map((s) => [s.orderId, `${s.firstname} ${s.lastname}`]));
      return {
        totalCount: total,
        items: rows.map((o) => ({
          entity_id: o.id,
          increment_id: o.number,
          created_at: o.createdAt.toISOString(),
          status: o.status,
          status_label: ORDER_STATUS_LABELS[o.status],
          grand_total: pounds(o.grandTotalPence),
          currency: o.currency,
          total_qty: qtyBy.get(o.id) ?? 0,
          ship_to: shipBy.get(o.id) ?? null,
          tracking: parcels.filter((p) => p.orderId === o.id).map((p) => ({ carrier: p.carrier, tracking_number: p.trackingNumber })),
        })),
      };
    },

    /** The owner's view; another customer's order (or none) is 404, never 403, so ids reveal nothing. */
    async detail(customerId: number, orderId: number): Promise<OrderDetail> {
      const order = await store.findById(orderId);
      if (!order || order.customerId !== customerId) throw notFound(ORDER_MESSAGES.notFound);
      const [{ lines, addresses, history }, { sent, sentLines, comments }] = await Promise.all([store.parts(order.id), store.fulfilment(order.id)]);
      return {
        entity_id: order.id,
        increment_id: order.number,
        status: order.status,
        status_label: ORDER_STATUS_LABELS[order.status],
        created_at: order.createdAt.toISOString(),
        customer_email: order.email,
        customer_firstname: order.customerFirstname,
        customer_lastname: order.customerLastname,
        currency: order.currency,
        subtotal: pounds(order.subtotalPence),
        discount_amount: pounds(order.discountPence),
        shipping_amount: pounds(order.shippingPence),
        tax_amount: pounds(order.taxPence),
        grand_total: pounds(order.grandTotalPence),
        shipping_description: order.shippingDescription,
        shipping_method: { carrier_code: order.shippingCarrierCode, method_code: order.shippingMethodCode },
        payment: { method: order.paymentMethod, title: paymentMethodTitle(order.paymentMethod, order.paymentMethodType) },
        customer_note: order.customerNote,
        items: lines.map(lineAnswer),
        shipping_address: addressAnswer(addresses.find((a) => a.type === 'shipping')),
        billing_address: addressAnswer(addresses.find((a) => a.type === 'billing')),
        status_history: history.map((h) => ({ status: h.status, comment: h.comment, created_at: h.createdAt.toISOString() })),
        shipments: sent.map((s) => ({
          carrier: s.carrier,
          tracking_number: s.trackingNumber,
          created_at: s.createdAt.toISOString(),
          items: sentLines.filter((l) => l.shipmentId === s.id).map((l) => ({ sku: l.sku, name: l.name, qty: l.qty })),
        })),
        comments: comments.map((c) => ({ comment: c.body, created_at: c.createdAt.toISOString() })),
      };
    },

    /** The success page's view, by reference: no street, phone, surname, billing address or full email. */
    async success(reference: string): Promise<OrderSuccess> {
      const order = await store.findByReference(reference);
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      const { lines, addresses } = await store.parts(order.id);
      const ship = addresses.find((a) => a.type === 'shipping');
      return {
        reference: order.publicRef,
        increment_id: order.number,
        status: order.status,
        status_label: ORDER_STATUS_LABELS[order.status],
        created_at: order.createdAt.toISOString(),
        customer_firstname: order.customerFirstname,
        email_masked: maskEmail(order.email),
        currency: order.currency,
        subtotal: pounds(order.subtotalPence),
        discount_amount: pounds(order.discountPence),
        shipping_amount: pounds(order.shippingPence),
        tax_amount: pounds(order.taxPence),
        grand_total: pounds(order.grandTotalPence),
        shipping_description: order.shippingDescription,
        payment_method_title: paymentMethodTitle(order.paymentMethod, order.paymentMethodType),
        items: lines.map(lineAnswer),
        delivery: ship ? { city: ship.city, postcode_outward: outwardCode(ship.postcode), country_id: ship.countryId } : null,
      };
    },

    async downloads(customerId: number, signedUrl: (linkId: number) => Promise<string>): Promise<DownloadableProduct[]> {
      const rows = await store.listDownloads(customerId);
      return Promise.all(
        rows.map(async ({ link, orderNumber, orderStatus }) => {
          const remaining = link.maxDownloads === 0 ? null : Math.max(0, link.maxDownloads - link.downloadsUsed);
          const status: DownloadableProduct['status'] =
            orderStatus !== 'processing' && orderStatus !== 'complete' ? 'pending' : remaining === 0 ? 'expired' : 'available';
          return {
            id: link.id,
            order_id: link.orderId,
            order_increment_id: orderNumber,
            title: link.title,
            file_name: link.fileName,
            created_at: link.createdAt.toISOString(),
            downloads_remaining: remaining,
            status,
            url: status === 'available' ? await signedUrl(link.id) : null,
          };
        }),
      );
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
