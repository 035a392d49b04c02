import { INFO_EMAIL, SHOP_NAME } from '@shop/shared/schemas';
import { escapeHtml, type MailMessage } from '../mail/templates';

/** The mail that carries a Contact Us message to the shop's inbox (reply to the sender's address). */
export function contactMessageMail(m: { id: number; name: string; email: string; phone: string | null; message: string }): MailMessage {
  const subject = `Contact form message #${m.id} from ${m.name}`;
  const lines = [`Name: ${m.name}`, `Email: ${m.email}`, `Phone: ${m.phone ?? 'not given'}`];
  return {
    template: 'contact_message',
    to: INFO_EMAIL,
    subject,
    text: `A shopper sent this message with the Contact Us form of ${SHOP_NAME}.\n\n${lines.join('\n')}\n\n${m.message}\n`,
    html:
      `<p>A shopper sent this message with the Contact Us form of ${escapeHtml(SHOP_NAME)}.</p>` +
      `<p>${lines.map(escapeHtml).join('<br>')}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>`,
    meta: { contactMessageId: m.id, replyTo: m.email },
  };
}
