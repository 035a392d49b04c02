import { z } from 'zod';
import { CONTENT_MESSAGES, postSaveRequestSchema, type AdminPostDetail } from '@shop/shared/backoffice';

/**
 * The advice post form: the author as the select gives it ('' for none), related products as SKUs
 * typed with commas or spaces, the hero image's address ('' for none). Its fields carry the save
 * request's names, so the form's checks and the API's (400 naming the field) land under the same field.
 */
export interface PostFormValues {
  name: string;
  urlKey: string;
  shortContent: string;
  postContent: string;
  image: string;
  videoLink: string;
  publishDate: string;
  authorId: string;
  relatedSkus: string;
  metaTitle: string;
  metaDescription: string;
  active: boolean;
}

export const postFormSchema = z
  .object({
    name: z.string(),
    urlKey: z.string(),
    shortContent: z.string(),
    postContent: z.string(),
    image: z.string(),
    videoLink: z.string(),
    publishDate: z.string(),
    authorId: z.string(),
    relatedSkus: z.string(),
    metaTitle: z.string(),
    metaDescription: z.string(),
    active: z.boolean(),
  })
  .transform((v, ctx) => {
    if (v.authorId !== '' && !/^\d+$/.test(v.authorId)) ctx.addIssue({ code: 'custom', path: ['authorId'], message: CONTENT_MESSAGES.author });
    return {
      ...v,
      image: v.image.trim() === '' ? null : v.image.trim(),
      authorId: v.authorId === '' ? null : Number(v.authorId),
      relatedSkus: v.relatedSkus.split(/[\s,]+/).filter(Boolean),
    };
  })
  .pipe(postSaveRequestSchema);

export function postFormValuesOf(p: AdminPostDetail | null): PostFormValues {
  return {
    name: p?.name ?? '',
    urlKey: p?.url_key ?? '',
    shortContent: p?.short_content ?? '',
    postContent: p?.post_content ?? '',
    image: p?.image ?? '',
    videoLink: p?.video_link ?? '',
    publishDate: p?.publish_date ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
    authorId: p?.author_id == null ? '' : String(p.author_id),
    relatedSkus: p?.related_skus.join(', ') ?? '',
    metaTitle: p?.meta_title ?? '',
    metaDescription: p?.meta_description ?? '',
    active: p?.active ?? false,
  };
}
