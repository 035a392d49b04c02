import { COMPANY_LEGAL_TEXT, HELPLINE, INFO_EMAIL, SHOP_NAME } from '@shop/shared/schemas';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** £1,234.50 from pence. */
export const formatPence = (pence: number) => gbp.format(pence / 100);

/**
 * The shop's mail, as plain text and simple HTML (inline styles only). Each function answers a
 * message ready for the outbox (`outbox.send(message)` or `enqueueMail(tx, message)`).
 */
export interface MailMessage {
  /** Which mail this is ('password_reset', 'order_confirmation'...). */
  template: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Holds a secret (a reset link): the stored bodies are blanked once delivered. */
  sensitive?: boolean;
  /** Links in the message, logged in development (no SMTP) so they can be followed. */
  links?: string[];
  meta?: Record<string, unknown>;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d2733">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:6px">
<tr><td style="padding:20px 24px;background:#0b3d5c;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(SHOP_NAME)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6573;border-top:1px solid #e3e6ea">
Technical helpline ${escapeHtml(HELPLINE)} · ${escapeHtml(INFO_EMAIL)}<br>${escapeHtml(COMPANY_LEGAL_TEXT)}</td></tr>
</table></td></tr></table></body></html>`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#0b7a3e;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/**
 * Mail that anyone can have sent to an address that has not been confirmed as theirs (welcome,
 * password reset, newsletter confirmation) carries no text the requester chose: no name, no
 * comment, only the shop's own words and links. The shop never becomes a mailer of other people's
 * text to strangers.
 */
const GREETING = 'Hello,';

const signature = `\n\nThe ${SHOP_NAME} team\nTechnical helpline ${HELPLINE} · ${INFO_EMAIL}\n`;

export function welcomeMail(p: { to: string; shopUrl: string }): MailMessage {
  const account = `${p.shopUrl}/customer/account/`;
  return {
    template: 'welcome',
    to: p.to,
    subject: `Welcome to ${SHOP_NAME}`,
    text: `${GREETING}\n\nThank you for creating an account with ${SHOP_NAME}. Sign in to check out faster, keep several delivery addresses and follow your orders:\n${account}${signature}`,
    html: layout(
      `Welcome to ${SHOP_NAME}`,
      `<p>${GREETING}</p><p>Thank you for creating an account with ${escapeHtml(SHOP_NAME)}. Sign in to check out faster, keep several delivery addresses and follow your orders.</p>${button(account, 'Go to my account')}`,
    ),
    links: [account],
  };
}

export function passwordResetMail(p: { to: string; link: string; minutes: number }): MailMessage {
  return {
    template: 'password_reset',
    to: p.to,
    subject: `Reset your ${SHOP_NAME} password`,
    text: `${GREETING}\n\nThere was a request to change the password of your ${SHOP_NAME} account. To set a new password, open this link within ${p.minutes} minutes (it works once):\n${p.link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.${signature}`,
    html: layout(
      'Reset your password',
      `<p>${GREETING}</p><p>There was a request to change the password of your ${escapeHtml(SHOP_NAME)} account. To set a new password, use the button below within ${p.minutes} minutes (it works once).</p>${button(p.link, 'Set a new password')}<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    ),
    sensitive: true,
    links: [p.link],
  };
}

export function passwordChangedMail(p: { to: string; firstname: string; shopUrl: string }): MailMessage {
  const forgot = `${p.shopUrl}/customer/account/forgotpassword/`;
  return {
    template: 'password_changed',
    to: p.to,
    subject: `Your ${SHOP_NAME} password was changed`,
    text: `Hello ${p.firstname},\n\nThe password of your ${SHOP_NAME} account was just changed, and every device signed in to it was signed out.\n\nIf this was not you, reset your password now and call us:\n${forgot}${signature}`,
    html: layout(
      'Your password was changed',
      `<p>Hello ${escapeHtml(p.firstname)},</p><p>The password of your ${escapeHtml(SHOP_NAME)} account was just changed, and every device signed in to it was signed out.</p><p>If this was not you, reset your password now and call us on ${escapeHtml(HELPLINE)}.</p>${button(forgot, 'Reset my password')}`,
    ),
    links: [forgot],
  };
}

export function emailChangedMail(p: { to: string; firstname: string; newEmail: string }): MailMessage {
  return {
    template: 'email_changed',
    to: p.to,
    subject: `The email address of your ${SHOP_NAME} account was changed`,
    text: `Hello ${p.firstname},\n\nThe email address of your ${SHOP_NAME} account was changed to ${p.newEmail}. If this was not you, call us on ${HELPLINE}.${signature}`,
    html: layout(
      'Your email address was changed',
      `<p>Hello ${escapeHtml(p.firstname)},</p><p>The email address of your ${escapeHtml(SHOP_NAME)} account was changed to ${escapeHtml(p.newEmail)}. If this was not you, call us on ${escapeHtml(HELPLINE)}.</p>`,
    ),
  };
}

export function newsletterConfirmMail(p: { to: string; link: string }): MailMessage {
  const hello = GREETING;
  return {
    template: 'newsletter_confirm',
    to: p.to,
    subject: `Confirm your ${SHOP_NAME} newsletter subscription`,
    text: `${hello}\n\nPlease confirm that you would like our newsletter (product news and installation advice):\n${p.link}\n\nIf you did not ask for it, ignore this email and you will not hear from us.${signature}`,
    html: layout(
      'Confirm your subscription',
      `<p>${escapeHtml(hello)}</p><p>Please confirm that you would like our newsletter (product news and installation advice).</p>${button(p.link, 'Confirm my subscription')}<p>If you did not ask for it, ignore this email and you will not hear from us.</p>`,
    ),
    links: [p.link],
  };
}

/** What the order confirmation needs; checkout builds it from the order it just inserted. */
export interface OrderMail {
  to: string;
  firstname: string;
  number: string;
  /** The success-page reference (GET /api/order/{ref}). */
  reference: string;
  lines: { name: string; sku: string; qty: number; rowTotalPence: number; options?: { label: string; value: string }[] }[];
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  taxPence: number;
  grandTotalPence: number;
  shippingDescription: string;
  paymentTitle: string;
  shippingAddress: { name: string; lines: string[] } | null;
  /** Link to the order in the account (customers) or null (guests). */
  orderUrl: string | null;
  /** Signed link to turn off order mails (email notifications page). */
  notificationsUrl?: string | null;
}

export function orderConfirmationMail(o: OrderMail): MailMessage {
  const money = formatPence;
  const lineText = o.lines
    .map((l) => {
      const opts = l.options?.length ? ` (${l.options.map((x) => `${x.label}: ${x.value}`).join(', ')})` : '';
      return `  ${l.qty} x ${l.name}${opts} [${l.sku}]  ${money(l.rowTotalPence)}`;
    })
    .join('\n');
  const totals: [string, number][] = [
    ['Subtotal (ex VAT)', o.subtotalPence],
    ...(o.discountPence ? ([['Discount', -o.discountPence]] as [string, number][]) : []),
    [`Delivery: ${o.shippingDescription} (ex VAT)`, o.shippingPence],
    ['VAT', o.taxPence],
    ['Total (inc VAT)', o.grandTotalPence],
  ];
  const address = o.shippingAddress ? [o.shippingAddress.name, ...o.shippingAddress.lines] : [];
  const text = [
    `Hello ${o.firstname},`,
    '',
    `Thank you for your order ${o.number}. We will let you know when it is on its way.`,
    '',
    lineText,
    '',
    ...totals.map(([label, pence]) => `${label}: ${money(pence)}`),
    '',
    `Payment: ${o.paymentTitle}`,
    ...(address.length ? ['', 'Delivering to:', ...address.map((a) => `  ${a}`)] : []),
    ...(o.orderUrl ? ['', `View your order: ${o.orderUrl}`] : []),
    ...(o.notificationsUrl ? ['', `Email preferences: ${o.notificationsUrl}`] : []),
  ].join('\n');
  const rows = o.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${l.qty} × ${escapeHtml(l.name)}${
          l.options?.length ? `<br><small>${l.options.map((x) => `${escapeHtml(x.label)}: ${escapeHtml(x.value)}`).join(', ')}</small>` : ''
        }<br><small style="color:#5b6573">${escapeHtml(l.sku)}</small></td><td align="right">${money(l.rowTotalPence)}</td></tr>`,
    )
    .join('');
  const totalRows = totals
    .map(([label, pence], i) => {
      const strong = i === totals.length - 1;
      return `<tr><td style="padding:4px 0${strong ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td><td align="right"${strong ? ' style="font-weight:bold"' : ''}>${money(pence)}</td></tr>`;
    })
    .join('');
  const html = layout(
    `Your order ${o.number}`,
    `<p>Hello ${escapeHtml(o.firstname)},</p><p>Thank you for your order <strong>${escapeHtml(o.number)}</strong>. We will let you know when it is on its way.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e3e6ea;border-bottom:1px solid #e3e6ea">${rows}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:12px">${totalRows}</table>
<p>Payment: ${escapeHtml(o.paymentTitle)}</p>${address.length ? `<p><strong>Delivering to</strong><br>${address.map(escapeHtml).join('<br>')}</p>` : ''}${o.orderUrl ? button(o.orderUrl, 'View your order') : ''}${
      o.notificationsUrl ? `<p style="font-size:12px"><a href="${escapeHtml(o.notificationsUrl)}">Email preferences</a></p>` : ''
    }`,
  );
  return {
    template: 'order_confirmation',
    to: o.to,
    subject: `Your ${SHOP_NAME} order ${o.number}`,
    text: text + signature,
    html,
    links: [o.orderUrl, o.notificationsUrl].filter((l): l is string => Boolean(l)),
    meta: { orderNumber: o.number },
  };
}
