import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adminCategoriesAnswerSchema, CONTENT_MESSAGES, categoryAnswerSchema, categorySaveRequestSchema, type AdminCategory, type CategorySaveRequest } from '@shop/shared/backoffice';
import { call } from '../../api';
import { RichText } from '../../components/RichText';
import { describedBy, showApiError } from '../../formErrors';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import { Notice, type Message } from '../../components/Notice';


/** Categories (catalogue): every category by its path; Edit opens its form in place. */
export function CategoriesPage() {
  const { data, setData, error } = useLoad(() => call(adminCategoriesAnswerSchema, 'GET', '/categories'), []);
  const [editing, setEditing] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  if (error) return <div className={ui.page}><p className={ui.error} role="alert">{error}</p></div>;
  if (!data) return <p className={ui.muted}>Loading…</p>;
  const depth = (c: AdminCategory) => c.url_path.split('/').length - 1;

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Categories</h1>
      <p className={ui.muted}>A disabled category leaves the shop’s menu and its page answers “not found”. Position orders the menu (lowest first).</p>
      <Notice message={message} />
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr><th>Name</th><th>Address</th><th className={ui.num}>Position</th><th className={ui.num}>Products</th><th>Status</th><th /></tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <tr key={c.id}>
                <td style={{ paddingLeft: `${0.5 + depth(c) * 1.5}rem` }}>{c.name}</td>
                <td><code>/{c.url_path}</code></td>
                <td className={ui.num}>{c.position}</td>
                <td className={ui.num}>{c.product_count}</td>
                <td><span className={ui.badge}>{c.enabled ? 'enabled' : 'disabled'}</span></td>
                <td>
                  <button type="button" className={ui.secondary} aria-label={`Edit ${c.name}`} onClick={() => { setEditing(c.id); setMessage(null); }}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing !== null && (
        <CategoryForm
          key={`${editing}-${data.items.find((c) => c.id === editing)!.updated_at}`}
          category={data.items.find((c) => c.id === editing)!}
          onMessage={setMessage}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setData({ items: data.items.map((c) => (c.id === saved.id ? saved : c)) });
            setMessage({ kind: 'notice', text: `Saved ${saved.name}. The shop shows the change within 2 seconds.` });
          }}
        />
      )}
    </div>
  );
}

function CategoryForm({ category, onSaved, onMessage, onClose }: {
  category: AdminCategory;
  onSaved: (c: AdminCategory) => void;
  onMessage: (m: Message) => void;
  onClose: () => void;
}) {
  const form = useForm<CategoryFormValues, unknown, CategorySaveRequest>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { name: category.name, description: category.description ?? '', position: String(category.position), enabled: category.enabled },
  });
  const { errors, isSubmitting } = form.formState;
  const onSave = form.handleSubmit(async (request) => {
    onMessage(null);
    try {
      onSaved((await call(categoryAnswerSchema, 'POST', `/categories/${category.id}`, request)).category);
    } catch (e) {
      showApiError(form, e, (text) => onMessage({ kind: 'error', text }));
    }
  });
  const err = (name: keyof CategoryFormValues) => (errors[name] ? <span className={ui.fieldError} id={`${name}-error`}>{errors[name]?.message}</span> : null);

  return (
    <form className={`${ui.card} ${ui.form}`} style={{ maxWidth: '48rem' }} onSubmit={onSave} noValidate aria-label={`Category ${category.name}`}>
      <h2 className={ui.subheading}>{category.name}</h2>
      <div className={ui.field}>
        <label htmlFor="name">Name</label>
        <input id="name" {...form.register('name')} {...describedBy('name', errors.name)} />
        {err('name')}
      </div>
      <RichText form={form} name="description" label="Description" error={errors.description?.message} previewPath="/categories/preview" />
      <div className={ui.field}>
        <label htmlFor="position">Position</label>
        <input id="position" inputMode="numeric" {...form.register('position')} {...describedBy('position', errors.position)} />
        {err('position')}
      </div>
      <label>
        <input type="checkbox" {...form.register('enabled')} /> Enabled (in the shop’s menu, its page shown)
      </label>
      <div className={ui.row}>
        <button className={ui.button} type="submit" disabled={isSubmitting}>Save</button>
        <button className={ui.secondary} type="button" onClick={onClose}>Close</button>
      </div>
    </form>
  );
}

/** The form's values: the position as typed (checked here with the API's words, then by the request's schema). */
type CategoryFormValues = { name: string; description: string; position: string; enabled: boolean };
const categoryFormSchema = z
  .object({ name: z.string(), description: z.string(), position: z.string(), enabled: z.boolean() })
  .transform((v, ctx) => {
    const position = v.position.trim();
    if (!/^\d{1,6}$/.test(position)) ctx.addIssue({ code: 'custom', path: ['position'], message: CONTENT_MESSAGES.position });
    return { ...v, position: Number(position) };
  })
  .pipe(categorySaveRequestSchema);
