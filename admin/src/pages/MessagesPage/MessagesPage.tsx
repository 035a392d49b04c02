import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminMessagesAnswerSchema, messageActionAnswerSchema, type AdminMessage } from '@shop/shared/backoffice';
import { ApiError, call, newRequestKey } from '../../api';
import { dateTime } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';

/** One message: read it, reply by mail (which marks it handled), or mark it handled / open again. */
function Message({ message, onChange }: { message: AdminMessage; onChange: (m: AdminMessage) => void }) {
  const [reply, setReply] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async (path: 'reply' | 'handled', body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      const answer = await call(messageActionAnswerSchema, 'POST', `/messages/${message.id}/${path}`, { requestKey, ...body });
      onChange(answer.message);
      setNote({ ok: true, text: done });
      if (path === 'reply') setReply('');
    } catch (e) {
      setNote({ ok: false, text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.' });
    } finally {
      setRequestKey(newRequestKey());
      setBusy(false);
    }
  };

  return (
    <article className={`${ui.card} ${ui.page}`} aria-labelledby={`message-${message.id}`}>
      <h2 id={`message-${message.id}`} className={ui.subheading}>
        {message.name} <span className={ui.muted}>{dateTime(message.created_at)}</span>
      </h2>
      <p className={ui.row}>
        <a href={`mailto:${message.email}`}>{message.email}</a>
        {message.phone && <span>{message.phone}</span>}
        <span className={ui.badge}>{message.handled_at ? `handled by ${message.handled_by}` : 'open'}</span>
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{message.message}</p>
      {message.replies.map((r) => (
        <p key={r.created_at} className={ui.notice} style={{ whiteSpace: 'pre-wrap' }}>
          <strong>Reply by {r.by}, {dateTime(r.created_at)}:</strong> {r.body}
        </p>
      ))}
      {note && <p className={note.ok ? ui.notice : ui.error} role={note.ok ? 'status' : 'alert'}>{note.text}</p>}
      <form
        className={ui.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!reply.trim()) return setNote({ ok: false, text: 'Write the reply.' });
          if (window.confirm(`Email this reply to ${message.email}?`)) void send('reply', { body: reply }, 'Reply sent.');
        }}
      >
        <div className={ui.field}>
          <label htmlFor={`reply-${message.id}`}>Reply to {message.name}</label>
          <textarea id={`reply-${message.id}`} value={reply} maxLength={4000} onChange={(e) => setReply(e.target.value)} />
        </div>
        <div className={ui.row}>
          <button className={ui.button} type="submit" disabled={busy}>Send reply…</button>
          <button
            className={ui.secondary}
            type="button"
            disabled={busy}
            onClick={() => void send('handled', { handled: !message.handled_at }, message.handled_at ? 'Open again.' : 'Marked handled.')}
          >
            {message.handled_at ? 'Open again' : 'Mark handled'}
          </button>
        </div>
      </form>
    </article>
  );
}

/** The Contact Us messages: open ones first, or handled, or all. */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const state = (['open', 'handled', 'all'] as const).find((s) => s === params.get('state')) ?? 'open';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const { data, setData, error } = useLoad(() => call(adminMessagesAnswerSchema, 'GET', `/messages?state=${state}&page=${page}`), [state, page]);
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Messages</h1>
      <nav className={ui.row} aria-label="Which messages">
        {(['open', 'handled', 'all'] as const).map((s) => (
          <button key={s} type="button" className={s === state ? ui.button : ui.secondary} aria-pressed={s === state} onClick={() => setParams({ state: s })}>
            {s === 'open' ? 'Open' : s === 'handled' ? 'Handled' : 'All'}
          </button>
        ))}
      </nav>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && data.items.length === 0 && <p>No messages here.</p>}
      {data?.items.map((m) => (
        <Message key={m.id} message={m} onChange={(next) => setData({ ...data, items: data.items.map((x) => (x.id === next.id ? next : x)) })} />
      ))}
      {data && pages > 1 && (
        <nav className={ui.row} aria-label="Pages">
          <button type="button" className={ui.secondary} disabled={page <= 1} onClick={() => setParams({ state, page: String(page - 1) })}>Newer</button>
          <span>Page {page} of {pages}</span>
          <button type="button" className={ui.secondary} disabled={page >= pages} onClick={() => setParams({ state, page: String(page + 1) })}>Older</button>
        </nav>
      )}
    </div>
  );
}
