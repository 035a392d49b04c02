import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  adminCmsPageDetailSchema,
  cmsPageAnswerSchema,
  cmsPageCreateRequestSchema,
  type AdminCmsPageDetail,
  type CmsPageCreateRequest,
} from '@shop/shared/backoffice';
import { call } from '../../api';
import { RichText } from '../../components/RichText';
import { describedBy, showApiError } from '../../formErrors';
import { dateTime } from '../../money';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import { Notice, type Message } from '../../components/Notice';

const SAVED = 'Saved. The shop shows the change within 2 seconds.';

/** One CMS page (or a new one at /cms-pages/new): its words, SEO words and whether it is published. */
export function CmsPagePage() {
  const param = useParams().id;
  const isNew = param === 'new';
  const { data: page, setData, error } = useLoad(
    () => (isNew ? Promise.resolve(null) : call(adminCmsPageDetailSchema, 'GET', `/cms-pages/${Number(param)}`)),
    [param],
  );
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  if (error) return <div className={ui.page}><p className={ui.error} role="alert">{error}</p></div>;
  if (!isNew && !page) return <p className={ui.muted}>Loading…</p>;

  const publish = async (active: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      setData((await call(cmsPageAnswerSchema, 'POST', `/cms-pages/${page!.id}/publish`, { active })).page);
      setMessage({ kind: 'notice', text: SAVED });
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={ui.page}>
      <p><Link to="/cms-pages">← CMS pages</Link></p>
      <h1 className={ui.heading}>{page ? page.title : 'New CMS page'}</h1>
      {page && (
        <div className={ui.row}>
          <span>
            {page.active ? 'Published' : 'Not published'} at <code className={ui.code}>{page.url}</code> · last saved {dateTime(page.updated_at)}
          </span>
          <button type="button" className={ui.secondary} disabled={busy} onClick={() => void publish(!page.active)}>
            {page.active ? 'Unpublish' : 'Publish'}
          </button>
        </div>
      )}
      <Notice message={message} />
      <CmsPageForm key={page?.updated_at ?? 'new'} page={page} onMessage={setMessage} onSaved={(saved) => { setData(saved); setMessage({ kind: 'notice', text: SAVED }); }} />
    </div>
  );
}

function CmsPageForm({ page, onSaved, onMessage }: { page: AdminCmsPageDetail | null; onSaved: (page: AdminCmsPageDetail) => void; onMessage: (m: Message) => void }) {
  const navigate = useNavigate();
  // A saved page keeps its identifier: the form sends it, the save route takes the other fields.
  const form = useForm<CmsPageCreateRequest>({
    resolver: zodResolver(cmsPageCreateRequestSchema),
    defaultValues: {
      identifier: page?.identifier ?? '',
      title: page?.title ?? '',
      contentHeading: page?.content_heading ?? '',
      content: page?.content ?? '',
      metaTitle: page?.meta_title ?? '',
      metaDescription: page?.meta_description ?? '',
      active: page?.active ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSave = form.handleSubmit(async ({ identifier, ...fields }) => {
    onMessage(null);
    try {
      if (page) onSaved((await call(cmsPageAnswerSchema, 'POST', `/cms-pages/${page.id}`, fields)).page);
      else {
        const made = (await call(cmsPageAnswerSchema, 'POST', '/cms-pages', { identifier, ...fields })).page;
        navigate(`/cms-pages/${made.id}`, { replace: true });
      }
    } catch (e) {
      showApiError(form, e, (text) => onMessage({ kind: 'error', text }));
    }
  });

  const err = (name: keyof CmsPageCreateRequest) =>
    errors[name] ? <span className={ui.fieldError} id={`${name}-error`}>{errors[name]?.message}</span> : null;

  return (
    <form className={`${ui.card} ${ui.form}`} style={{ maxWidth: '48rem' }} onSubmit={onSave} noValidate aria-label="CMS page">
      <div className={ui.field}>
        <label htmlFor="title">Title</label>
        <input id="title" {...form.register('title')} {...describedBy('title', errors.title)} />
        {err('title')}
      </div>
      <div className={ui.field}>
        <label htmlFor="identifier">Identifier (its address: /identifier)</label>
        <input id="identifier" readOnly={Boolean(page)} {...form.register('identifier')} {...describedBy('identifier', errors.identifier)} />
        {err('identifier')}
        {page && <span className={ui.muted}>The shop’s links and routes name a page by its identifier, so it stays as the page was made.</span>}
      </div>
      <div className={ui.field}>
        <label htmlFor="contentHeading">Heading</label>
        <input id="contentHeading" {...form.register('contentHeading')} {...describedBy('contentHeading', errors.contentHeading)} />
        {err('contentHeading')}
      </div>
      <RichText form={form} name="content" label="Content" error={errors.content?.message} previewPath="/content/preview" />
      <div className={ui.field}>
        <label htmlFor="metaTitle">SEO title (empty: the page’s title)</label>
        <input id="metaTitle" {...form.register('metaTitle')} {...describedBy('metaTitle', errors.metaTitle)} />
        {err('metaTitle')}
      </div>
      <div className={ui.field}>
        <label htmlFor="metaDescription">SEO description</label>
        <textarea id="metaDescription" rows={3} {...form.register('metaDescription')} {...describedBy('metaDescription', errors.metaDescription)} />
        {err('metaDescription')}
      </div>
      <label>
        <input type="checkbox" {...form.register('active')} /> Published (shown on the shop)
      </label>
      {err('active')}
      <button className={ui.button} type="submit" disabled={isSubmitting}>
        {page ? 'Save' : 'Create page'}
      </button>
    </form>
  );
}
