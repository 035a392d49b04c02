import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { STAFF_ROLES, staffListAnswerSchema, staffRoleSchema } from '@shop/shared/backoffice';
import { emailSchema } from '@shop/shared/schemas';
import { ApiError, call } from '../../api';
import { dateTime } from '../../money';
import { useSession } from '../../session';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';

const addForm = z.object({ email: emailSchema, role: staffRoleSchema });
type AddForm = z.input<typeof addForm>;

/** The owner's page: staff accounts, inviting one (a set-up link to send them), disabling one. */
export function StaffPage() {
  const { session } = useSession();
  const { data, error, reload } = useLoad(() => call(staffListAnswerSchema, 'GET', '/staff'), []);
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AddForm>({ resolver: zodResolver(addForm), defaultValues: { email: '', role: 'orders' } });

  const onAdd = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const answer = await call(z.object({ setupLink: z.string() }).passthrough(), 'POST', '/staff', values);
      setLink(answer.setupLink);
      form.reset({ email: '', role: values.role });
      reload();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  });
  const disable = async (email: string) => {
    if (!window.confirm(`Disable ${email}? Their sessions end at once.`)) return;
    try {
      await call(z.object({ status: z.string() }).passthrough(), 'POST', '/staff/disable', { email });
      reload();
    } catch (e) {
      setMessage(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  };

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Staff</h1>
      {(error || message) && <p className={ui.error} role="alert">{error ?? message}</p>}
      <form className={`${ui.card} ${ui.form}`} onSubmit={onAdd} noValidate>
        <h2 className={ui.subheading}>Invite a staff member</h2>
        <div className={ui.field}>
          <label htmlFor="email">Email</label>
          <input id="email" type="email" {...form.register('email')} />
          {form.formState.errors.email && <span className={ui.fieldError}>{form.formState.errors.email.message}</span>}
        </div>
        <div className={ui.field}>
          <label htmlFor="role">Role</label>
          <select id="role" {...form.register('role')}>
            {STAFF_ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
          </select>
        </div>
        <button className={ui.button} type="submit" disabled={form.formState.isSubmitting}>Create set-up link</button>
        {link && (
          <p className={ui.notice} role="status">
            Send this link to them privately; it works once, for 24 hours: <code className={ui.code}>{link}</code>
          </p>
        )}
      </form>
      {data && (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead><tr><th>Email</th><th>Role</th><th>Status</th><th>Since</th><th /></tr></thead>
            <tbody>
              {data.items.map((m) => (
                <tr key={m.id}>
                  <td>{m.email}</td>
                  <td>{m.role}</td>
                  <td><span className={ui.badge}>{m.status}</span></td>
                  <td>{dateTime(m.created_at)}</td>
                  <td>
                    {m.status !== 'disabled' && m.email !== session?.staff.email && (
                      <button type="button" className={ui.secondary} onClick={() => void disable(m.email)}>Disable</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
