import ui from '../ui.module.css';

/** What a page says after an action: an error (read out at once) or a notice (read out politely). */
export type Message = { kind: 'error' | 'notice'; text: string } | null;

export function Notice({ message }: { message: Message }) {
  if (!message) return null;
  return (
    <p className={message.kind === 'error' ? ui.error : ui.notice} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}
