import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { adminAuthorsAnswerSchema, adminPostDetailSchema, imageUploadAnswerSchema, postAnswerSchema, type AdminPostDetail, type PostSaveRequest } from '@shop/shared/backoffice';
import { ApiError, call, upload } from '../../api';
import { RichText } from '../../components/RichText';
import { describedBy, showApiError } from '../../formErrors';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import { postFormSchema, postFormValuesOf, type PostFormValues } from './postForm';
import { Notice, type Message } from '../../components/Notice';

const SAVED = 'Saved. The shop shows the change within 2 seconds.';

/** One advice post (or a new one at /posts/new): words, hero image or video, author, related products, SEO, published. */
export function PostPage() {
  const param = useParams().id;
  const isNew = param === 'new';
  const { data, setData, error } = useLoad(
    async () => ({
      post: isNew ? null : await call(adminPostDetailSchema, 'GET', `/posts/${Number(param)}`),
      authors: (await call(adminAuthorsAnswerSchema, 'GET', '/posts/authors')).items,
    }),
    [param],
  );
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  if (error) return <div className={ui.page}><p className={ui.error} role="alert">{error}</p></div>;
  if (!data) return <p className={ui.muted}>Loading…</p>;
  const { post, authors } = data;
  const saved = (next: AdminPostDetail) => {
    setData({ post: next, authors });
    setVersion((n) => n + 1);
    setMessage({ kind: 'notice', text: SAVED });
  };

  const publish = async (active: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      saved((await call(postAnswerSchema, 'POST', `/posts/${post!.id}/publish`, { active })).post);
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={ui.page}>
      <p><Link to="/posts">← Advice posts</Link></p>
      <h1 className={ui.heading}>{post ? post.name : 'New advice post'}</h1>
      {post && (
        <div className={ui.row}>
          <span>
            {post.active ? 'Published' : 'Not published'} at <code className={ui.code}>{post.url}</code>
            {post.active && post.publish_date > new Date().toISOString().slice(0, 10) ? ` from ${post.publish_date}` : ''}
          </span>
          <button type="button" className={ui.secondary} disabled={busy} onClick={() => void publish(!post.active)}>
            {post.active ? 'Unpublish' : 'Publish'}
          </button>
        </div>
      )}
      <Notice message={message} />
      <PostForm key={version} post={post} authors={authors} onMessage={setMessage} onSaved={saved} />
    </div>
  );
}

function PostForm({ post, authors, onSaved, onMessage }: {
  post: AdminPostDetail | null;
  authors: Array<{ id: number; name: string }>;
  onSaved: (post: AdminPostDetail) => void;
  onMessage: (m: Message) => void;
}) {
  const navigate = useNavigate();
  const form = useForm<PostFormValues, unknown, PostSaveRequest>({ resolver: zodResolver(postFormSchema), defaultValues: postFormValuesOf(post) });
  const { errors, isSubmitting } = form.formState;

  const onSave = form.handleSubmit(async (request) => {
    onMessage(null);
    try {
      const answer = await call(postAnswerSchema, 'POST', post ? `/posts/${post.id}` : '/posts', request);
      if (post) onSaved(answer.post);
      else navigate(`/posts/${answer.post.id}`, { replace: true });
    } catch (e) {
      showApiError(form, e, (text) => onMessage({ kind: 'error', text }));
    }
  });

  const err = (name: keyof PostFormValues) => (errors[name] ? <span className={ui.fieldError} id={`${name}-error`}>{errors[name]?.message}</span> : null);
  const input = (name: keyof PostFormValues, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <div className={ui.field}>
      <label htmlFor={name}>{label}</label>
      <input id={name} {...props} {...form.register(name)} {...describedBy(name, errors[name])} />
      {err(name)}
      {hint && <span className={ui.muted}>{hint}</span>}
    </div>
  );

  return (
    <form className={`${ui.card} ${ui.form}`} style={{ maxWidth: '48rem' }} onSubmit={onSave} noValidate aria-label="Advice post">
      {input('name', 'Name')}
      {input('urlKey', 'URL key (its address: /advice/url-key)')}
      <div className={ui.field}>
        <label htmlFor="shortContent">Short content (the summary on the Resources page)</label>
        <textarea id="shortContent" rows={3} {...form.register('shortContent')} {...describedBy('shortContent', errors.shortContent)} />
        {err('shortContent')}
      </div>
      <RichText form={form} name="postContent" label="Body" error={errors.postContent?.message} previewPath="/content/preview" />
      {input('image', 'Hero image (its address under /media/)', {}, 'Used unless the post is a video.')}
      <HeroUpload onUploaded={(image) => form.setValue('image', image, { shouldDirty: true, shouldValidate: true })} />
      {input('videoLink', 'Video link (YouTube; the post is then a video)', { inputMode: 'url' })}
      <div className={ui.row}>
        {input('publishDate', 'Publish date', { type: 'date' })}
        <div className={ui.field}>
          <label htmlFor="authorId">Author</label>
          <select id="authorId" {...form.register('authorId')} {...describedBy('authorId', errors.authorId)}>
            <option value="">No author</option>
            {authors.map((a) => <option key={a.id} value={String(a.id)}>{a.name}</option>)}
          </select>
          {err('authorId')}
        </div>
      </div>
      {input('relatedSkus', 'Related products (SKUs, in order, separated by commas)')}
      {input('metaTitle', 'SEO title (empty: the post’s name)')}
      <div className={ui.field}>
        <label htmlFor="metaDescription">SEO description</label>
        <textarea id="metaDescription" rows={3} {...form.register('metaDescription')} {...describedBy('metaDescription', errors.metaDescription)} />
        {err('metaDescription')}
      </div>
      <label>
        <input type="checkbox" {...form.register('active')} /> Published (shown on the shop from its publish date)
      </label>
      <button className={ui.button} type="submit" disabled={isSubmitting}>
        {post ? 'Save' : 'Create post'}
      </button>
    </form>
  );
}

/** Uploads a picture: the API resizes it to the storefront's hero size and answers its address, put into the field. */
function HeroUpload({ onUploaded }: { onUploaded: (image: string) => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <div className={ui.field}>
      <label htmlFor="heroUpload">Upload a hero image (JPEG, PNG or WebP; cropped to 1200 × 400)</label>
      <input
        id="heroUpload"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={state.busy}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          setState({ busy: true, error: null });
          try {
            onUploaded((await upload(imageUploadAnswerSchema, '/posts/image', file)).image);
            setState({ busy: false, error: null });
          } catch (error) {
            setState({ busy: false, error: error instanceof ApiError ? error.message : 'The picture could not be uploaded. Please try again.' });
          }
        }}
        {...(state.error ? { 'aria-invalid': true, 'aria-describedby': 'heroUpload-error' } : {})}
      />
      {state.busy && <span className={ui.muted}>Uploading…</span>}
      {state.error && <span className={ui.fieldError} id="heroUpload-error">{state.error}</span>}
    </div>
  );
}
