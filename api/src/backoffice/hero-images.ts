import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../http-errors';

/** The image types staff may upload. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest upload, bytes (a phone's photo fits). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;
/** The article's hero as the storefront shows it (ArticlePage: 1200×400; the advice grid scales it). */
export const HERO_SIZE = { width: 1200, height: 400 } as const;
/** Uploaded files are served under /media/uploads/ from `${dataDir}/uploads`. */
export const UPLOADS_PREFIX = '/media/uploads/';
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

export const IMAGE_MESSAGES = {
  notImage: 'This file is not an image we can use: upload a JPEG, PNG or WebP picture.',
  tooSmall: `The picture is too small: it needs to be at least ${HERO_SIZE.width / 2} × ${HERO_SIZE.height / 2} pixels.`,
} as const;

/**
 * Hero images of advice posts uploaded in the back office: checked and resized with sharp to the
 * size the storefront shows (cropped to fill, WebP), and written under `${dataDir}/uploads/posts/`
 * named by their content's hash, so a file never changes (served with a year's cache) and the same
 * picture uploaded twice is one file. Several API instances need that folder shared (one volume).
 */
export function createHeroImages(uploadsDir: string) {
  const dir = path.join(uploadsDir, 'posts');
  return {
    async save(input: Buffer): Promise<string> {
      let meta: Metadata;
      try {
        // At most 40 megapixels decoded: a small file cannot make the server decode a huge picture.
        meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
      } catch {
        throw new HttpError(400, IMAGE_MESSAGES.notImage, 'image');
      }
      if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new HttpError(400, IMAGE_MESSAGES.notImage, 'image');
      if ((meta.width ?? 0) < HERO_SIZE.width / 2 || (meta.height ?? 0) < HERO_SIZE.height / 2) throw new HttpError(400, IMAGE_MESSAGES.tooSmall, 'image');
      let output: Buffer;
      try {
        output = await sharp(input, { limitInputPixels: 40_000_000 })
          .rotate() // as the camera held it (EXIF orientation); the metadata itself is not kept
          .resize({ ...HERO_SIZE, fit: 'cover', position: 'attention' })
          .webp({ quality: 80 })
          .toBuffer();
      } catch {
        throw new HttpError(400, IMAGE_MESSAGES.notImage, 'image');
      }
      const name = `${createHash('sha256').update(output).digest('hex').slice(0, 24)}.webp`;
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      // Written beside it, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.part`;
      await fs.writeFile(partial, output);
      await fs.rename(partial, file);
      return `${UPLOADS_PREFIX}posts/${name}`;
    },
  };
}

export type HeroImages = ReturnType<typeof createHeroImages>;
