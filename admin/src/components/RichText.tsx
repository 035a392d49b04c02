import { useRef, useState } from 'react';
import type { FieldPathByValue, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { htmlPreviewAnswerSchema } from '@shop/shared/backoffice';
import { ApiError, call } from '../api';
import ui from '../ui.module.css';
import styles from './RichText.module.css';

/** Tags the toolbar wraps the selection in (the sanitiser keeps them all). */
const TOOLS: Array<{ label: string; title: string; before: string; after: string }> = [
  { label: 'B', title: 'Bold', before: '<strong>', after: '</strong>' },
  { label: 'I', title: 'Italic', before: '<em>', after: '</em>' },
  { label: 'H2', title: 'Heading', before: '<h2>', after: '</h2>' },
  { label: 'H3', title: 'Subheading', before: '<h3>', after: '</h3>' },
  { label: 'P', title: 'Paragraph', before: '<p>', after: '</p>' },
  { label: '• List', title: 'Bulleted list', before: '<ul>\n<li>', after: '</li>\n</ul>' },
  { label: 'Link', title: 'Link', before: '<a href="/">', after: '</a>' },
];

/**
 * Rich text (HTML) with a toolbar that wraps the selection in a tag, and a preview of the text as
 * the storefront will show it: sanitised by the API with the storefront's own sanitiser, which is
 * also what the save stores (scripts, frames, styles and event handlers are removed).
 */
export function RichText<T extends FieldValues, Out>({ form, name, label, error, previewPath }: {
  /** The page's form and its field holding the HTML (also the textarea's id). */
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPathByValue<T, string>;
  label: string;
  error?: string | undefined;
  /** The preview call of the page's area (content: /content/preview; categories: /categories/preview). */
  previewPath: string;
}) {
  const id = name;
  const registration = form.register(name);
  const getValue = (): string => form.getValues(name);
  const setValue = (html: string) => form.setValue(name, html as PathValue<T, typeof name>, { shouldDirty: true });
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);

  const wrap = (before: string, after: string) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end, value } = el;
    setValue(value.slice(0, start) + before + value.slice(start, end) + after + value.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + before.length, end + before.length);
    });
  };
  const showPreview = async () => {
    try {
      setPreview(await call(htmlPreviewAnswerSchema, 'POST', previewPath, { html: getValue() }));
    } catch (e) {
      setPreview({ error: e instanceof ApiError ? e.message : 'The preview could not be made. Please try again.' });
    }
  };

  return (
    <div className={ui.field}>
      <label htmlFor={id}>{label}</label>
      <div className={ui.row} role="toolbar" aria-label={`${label}: formatting`}>
        {TOOLS.map((t) => (
          <button key={t.label} type="button" className={styles.tool} title={t.title} aria-label={t.title} onClick={() => wrap(t.before, t.after)}>
            {t.label}
          </button>
        ))}
        <button type="button" className={ui.secondary} onClick={() => void showPreview()}>
          Preview
        </button>
      </div>
      <textarea
        id={id}
        rows={12}
        className={styles.source}
        {...registration}
        ref={(el) => {
          registration.ref(el);
          area.current = el;
        }}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      />
      {error && <span className={ui.fieldError} id={`${id}-error`}>{error}</span>}
      {preview && 'error' in preview && <p className={ui.error} role="alert">{preview.error}</p>}
      {preview && 'html' in preview && (
        <section className={styles.preview} aria-label="Preview as the shop will show it">
          <p className={ui.muted}>Preview as the shop will show it:</p>
          {/* Sanitised by the API with the storefront's sanitiser (the HTML the save stores). */}
          <div className={styles.prose} dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      )}
    </div>
  );
}
