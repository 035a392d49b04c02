import { formatGBP, fromPence } from '@shop/shared/pricing';
import { HELPLINE, INFO_EMAIL, SHOP_NAME } from '@shop/shared/schemas';
import { button, escapeHtml, layout, type MailMessage } from '../mail/templates';

/** Mail the back office sends to customers about their orders (through the outbox). */

const signature = `\n\nThe ${SHOP_NAME} team\nTechnical helpline ${HELPLINE} · ${INFO_EMAIL}\n`;

interface OrderRef {
  to: string;
  firstname: string;
  number: string;
  /** The customer's order page, or null for a guest order. */
  orderUrl: string | null;
}

const link = (o: OrderRef) => (o.orderUrl ? `\n\nSee your order: ${o.orderUrl}` : '');
const linkHtml = (o: OrderRef) => (o.orderUrl ? button(o.orderUrl, 'View your order') : '');

export function shippedMail(o: OrderRef & { carrier: string; trackingNumber: string; lines: Array<{ name: string; qty: number }>; complete: boolean }): MailMessage {
  const subject = `Your order ${o.number} is on its way`;
  const items = o.lines.map((l) => `${l.qty} × ${l.name}`);
  const rest = o.complete ? 'This completes your order.' : 'The rest of your order will follow in another delivery.';
  return {
    template: 'order_shipped',
    to: o.to,
    subject,
    text:
      `Hello ${o.firstname},\n\nYour order ${o.number} is on its way with ${o.carrier}. Tracking number: ${o.trackingNumber}\n\n` +
      `In this delivery:\n${items.map((i) => `- ${i}`).join('\n')}\n\n${rest}${link(o)}${signature}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(o.firstname)},</p><p>Your order <strong>${escapeHtml(o.number)}</strong> is on its way with ${escapeHtml(o.carrier)}.</p>` +
        `<p>Tracking number: <strong>${escapeHtml(o.trackingNumber)}</strong></p><p>In this delivery:</p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` +
        `<p>${escapeHtml(rest)}</p>${linkHtml(o)}`,
    ),
    meta: { order: o.number, trackingNumber: o.trackingNumber },
    ...(o.orderUrl ? { links: [o.orderUrl] } : {}),
  };
}

export function orderCommentMail(o: OrderRef & { comment: string }): MailMessage {
  const subject = `A message about your order ${o.number}`;
  return {
    template: 'order_comment',
    to: o.to,
    subject,
    text: `Hello ${o.firstname},\n\nWe have a message about your order ${o.number}:\n\n${o.comment}${link(o)}${signature}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(o.firstname)},</p><p>We have a message about your order <strong>${escapeHtml(o.number)}</strong>:</p>` +
        `<blockquote style="margin:16px 0;padding:12px 16px;background:#f4f5f7;white-space:pre-wrap">${escapeHtml(o.comment)}</blockquote>${linkHtml(o)}`,
    ),
    meta: { order: o.number },
    ...(o.orderUrl ? { links: [o.orderUrl] } : {}),
  };
}

export function orderCancelledMail(o: OrderRef & { reason: string | null; refunded: boolean }): MailMessage {
  const subject = `Your order ${o.number} has been cancelled`;
  const money = o.refunded ? 'Your payment has been refunded in full; it can take a few working days to reach your account.' : '';
  return {
    template: 'order_cancelled',
    to: o.to,
    subject,
    text: `Hello ${o.firstname},\n\nYour order ${o.number} has been cancelled.${o.reason ? `\n\n${o.reason}` : ''}${money ? `\n\n${money}` : ''}${link(o)}${signature}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(o.firstname)},</p><p>Your order <strong>${escapeHtml(o.number)}</strong> has been cancelled.</p>` +
        `${o.reason ? `<p>${escapeHtml(o.reason)}</p>` : ''}${money ? `<p>${escapeHtml(money)}</p>` : ''}${linkHtml(o)}`,
    ),
    meta: { order: o.number },
    ...(o.orderUrl ? { links: [o.orderUrl] } : {}),
  };
}

export function orderRefundedMail(o: OrderRef & { amountPence: number; full: boolean; pending: boolean; reason: string | null }): MailMessage {
  const subject = `A refund for your order ${o.number}`;
  const amount = formatGBP(fromPence(o.amountPence));
  const what = `${o.pending ? 'We have asked our payment provider to refund' : 'We have refunded'} ${amount} for your order ${o.number}${o.full ? ', which refunds it in full' : ''}.`;
  const when = 'It can take a few working days to reach your account.';
  return {
    template: 'order_refunded',
    to: o.to,
    subject,
    text: `Hello ${o.firstname},\n\n${what} ${when}${o.reason ? `\n\n${o.reason}` : ''}${link(o)}${signature}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(o.firstname)},</p><p>${escapeHtml(what)} ${escapeHtml(when)}</p>${o.reason ? `<p>${escapeHtml(o.reason)}</p>` : ''}${linkHtml(o)}`,
    ),
    meta: { order: o.number, amountPence: o.amountPence },
    ...(o.orderUrl ? { links: [o.orderUrl] } : {}),
  };
}

/** A staff member's answer to a Contact Us message (the sender's own words quoted below it). */
export function messageReplyMail(m: { to: string; name: string; original: string; reply: string }): MailMessage {
  const subject = `Re: your message to ${SHOP_NAME}`;
  return {
    template: 'contact_reply',
    to: m.to,
    subject,
    text: `Hello ${m.name},\n\n${m.reply}${signature}\n\nYou wrote:\n${m.original.split('\n').map((l) => `> ${l}`).join('\n')}\n`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(m.name)},</p><p style="white-space:pre-wrap">${escapeHtml(m.reply)}</p>` +
        `<p style="color:#5b6573">You wrote:</p><blockquote style="margin:0;padding:8px 16px;border-left:3px solid #e3e6ea;color:#5b6573;white-space:pre-wrap">${escapeHtml(m.original)}</blockquote>`,
    ),
  };
}
