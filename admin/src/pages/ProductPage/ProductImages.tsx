import { useRef, useState } from 'react';
import { adminProductImagesSchema, type AdminProductImage } from '@shop/shared/backoffice';
import { productThumbnailOf } from '@shop/shared/shop';
import { call, upload } from '../../api';
import ui from '../../ui.module.css';
import { useLoad } from '../../useLoad';
import styles from './ProductSections.module.css';
import { refusalText } from './sectionErrors';
import { Notice, type Message } from '../../components/Notice';


/**
 * The product's pictures: an upload is stored at once (resized by the API) and added last; the
 * order (Move up / Move down, keyboard-usable buttons), alt text and removals are kept with
 * "Update pictures". The first picture is the main image (listing cards, the basket).
 */
export function ProductImages({ productId }: { productId: number }) {
  const { data, setData, error } = useLoad(() => call(adminProductImagesSchema, 'GET', `/products/${productId}/images`), [productId]);
  // The list as staff arrange it, until saved (null: as loaded).
  const [draft, setDraft] = useState<AdminProductImage[] | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'save' | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());

  if (error) return <section className={`${ui.card} ${styles.section}`} aria-labelledby="pictures-heading"><h2 id="pictures-heading">Pictures</h2><p className={ui.error}>{error}</p></section>;
  if (!data) return null;
  const list = draft ?? data.items;
  const dirty = draft !== null;

  const move = (index: number, step: -1 | 1) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(index + step, 0, item!);
    setDraft(next);
    setMessage(null);
    // Focus stays with the picture that moved (on the other button when it reached an end).
    const to = index + step;
    const direction = (to === 0 && step === -1) || (to === next.length - 1 && step === 1) ? (step === -1 ? 'down' : 'up') : step === -1 ? 'up' : 'down';
    requestAnimationFrame(() => buttons.current.get(`${item!.id}-${direction}`)?.focus());
  };

  const onUpload = async (file: File) => {
    setUploadError(null);
    setMessage(null);
    setBusy('upload');
    try {
      const answer = await upload(adminProductImagesSchema, `/products/${productId}/images`, file);
      // Unsaved arranging is kept; the new picture joins it last.
      if (draft) setDraft([...draft, ...answer.items.filter((m) => !data.items.some((d) => d.id === m.id))]);
      setData(answer);
      setMessage({ kind: 'notice', text: `Added ${file.name}. The shop shows it within 2 seconds.${dirty ? ' Update pictures to keep the new order and alt text.' : ''}` });
    } catch (e) {
      setUploadError(refusalText(e, 'The picture could not be uploaded. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const onSave = async () => {
    setMessage(null);
    setBusy('save');
    try {
      const saved = await call(adminProductImagesSchema, 'POST', `/products/${productId}/images/save`, { images: list.map((m) => ({ id: m.id, label: m.label })) });
      setData(saved);
      setDraft(null);
      setMessage({ kind: 'notice', text: 'Pictures saved. The shop shows them within 2 seconds.' });
    } catch (e) {
      setMessage({ kind: 'error', text: refusalText(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby="pictures-heading">
      <h2 id="pictures-heading">Pictures</h2>
      <p className={ui.muted}>The first picture is the main image: the listing card, the basket and the top of the product page show it. JPEG, PNG or WebP, at least 200 × 200 pixels, up to 10 MB.</p>
      {list.length === 0 ? (
        <p>No pictures yet: the shop shows a placeholder.</p>
      ) : (
        <ol className={styles.images}>
          {list.map((image, i) => (
            <li key={image.id} className={styles.image}>
              <img src={productThumbnailOf(image.file)} alt="" width={96} height={96} />
              <div className={styles.imageBody}>
                <span className={i === 0 ? styles.main : ui.muted}>{i === 0 ? 'Main image' : `Picture ${i + 1}`}</span>
                <div className={ui.field}>
                  <label htmlFor={`alt-${image.id}`}>Alt text</label>
                  <input
                    id={`alt-${image.id}`}
                    value={image.label}
                    maxLength={200}
                    onChange={(e) => {
                      setDraft(list.map((m) => (m.id === image.id ? { ...m, label: e.target.value } : m)));
                      setMessage(null);
                    }}
                  />
                </div>
                <div className={ui.row}>
                  <button
                    type="button"
                    className={ui.secondary}
                    disabled={i === 0}
                    aria-label={`Move picture ${i + 1} up`}
                    ref={(el) => void buttons.current.set(`${image.id}-up`, el)}
                    onClick={() => move(i, -1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className={ui.secondary}
                    disabled={i === list.length - 1}
                    aria-label={`Move picture ${i + 1} down`}
                    ref={(el) => void buttons.current.set(`${image.id}-down`, el)}
                    onClick={() => move(i, 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className={ui.secondary}
                    aria-label={`Remove picture ${i + 1}`}
                    onClick={() => {
                      setDraft(list.filter((m) => m.id !== image.id));
                      setMessage({ kind: 'notice', text: `Picture ${i + 1} will be removed when you save the pictures.` });
                    }}
                  >
                    Remove
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className={ui.field}>
        <label htmlFor="picture-upload">Add a picture</label>
        <input
          id="picture-upload"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy === 'upload'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void onUpload(file);
          }}
          {...(uploadError ? { 'aria-invalid': true, 'aria-describedby': 'picture-upload-error' } : {})}
        />
        {busy === 'upload' && <span className={ui.muted}>Uploading…</span>}
        {uploadError && <span className={ui.fieldError} id="picture-upload-error" role="alert">{uploadError}</span>}
      </div>
      <Notice message={message} />
      <div className={ui.row}>
        <button type="button" className={ui.button} disabled={!dirty || busy !== null} onClick={() => void onSave()}>
          Update pictures
        </button>
        {dirty && (
          <button type="button" className={ui.secondary} onClick={() => { setDraft(null); setMessage(null); }}>
            Undo changes
          </button>
        )}
      </div>
    </section>
  );
}
