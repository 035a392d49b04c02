import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { STRUCTURE_MESSAGES } from '@shop/shared/backoffice';
import { productThumbnailOf, PRODUCT_IMAGE_SIZE, PRODUCT_THUMBNAIL_SIZE } from '@shop/shared/shop';
import { HttpError } from '../http-errors';
import { UPLOADS_PREFIX } from './hero-images';

/** At most 40 megapixels decoded: a small file cannot make the server decode a huge picture. */
const PIXEL_LIMIT = 40_000_000;
/** Smaller than this (either side) looks blurred at the gallery's size. */
const MIN_SIDE = 200;

/**
 * Product pictures uploaded in the back office. The content decides (sharp reads it; the name and
 * the declared type do not): JPEG, PNG or WebP of at least 200 × 200 pixels. Each is written at
 * the storefront's sizes (`@shop/shared/product-images`): 800 × 800 for the gallery and the
 * listing cards (which show it in an 800 × 800 box), and 160 × 160 for the gallery's thumbnails
 * and the basket's lines (72, 64 and 96 CSS pixels, sharp on 2× screens). The whole picture is
 * kept (fitted on white, never cropped: a roll's edge matters), as WebP, under
 * `${uploads}/products/`, named by the content's hash, so a file never changes (served with a
 * year's cache) and the same picture uploaded twice is one file. Files are not deleted when a
 * picture is removed: a duplicated product shares them (a sweep would look for unreferenced files).
 */
export function createProductImages(uploadsDir: string) {
  const dir = path.join(uploadsDir, 'products');
  const write = async (name: string, data: Buffer) => {
    const file = path.join(dir, name);
    // Written beside it, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.part`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  };
  const render = (input: Buffer, side: number) =>
    sharp(input, { limitInputPixels: PIXEL_LIMIT })
      .rotate() // as the camera held it (EXIF orientation); the metadata itself is not kept
      .resize({ width: side, height: side, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 82 })
      .toBuffer();

  return {
    /** Checks and stores a picture; answers its path (the 800 × 800 file) under /media. */
    async save(input: Buffer): Promise<string> {
      let meta: Metadata;
      try {
        meta = await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata();
      } catch {
        throw new HttpError(400, STRUCTURE_MESSAGES.notImage, 'image');
      }
      if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new HttpError(400, STRUCTURE_MESSAGES.notImage, 'image');
      if ((meta.width ?? 0) < MIN_SIDE || (meta.height ?? 0) < MIN_SIDE) throw new HttpError(400, STRUCTURE_MESSAGES.imageTooSmall, 'image');
      let large: Buffer;
      let small: Buffer;
      try {
        large = await render(input, PRODUCT_IMAGE_SIZE);
        small = await render(input, PRODUCT_THUMBNAIL_SIZE);
      } catch {
        // A damaged file whose header reads well.
        throw new HttpError(400, STRUCTURE_MESSAGES.notImage, 'image');
      }
      const name = `${createHash('sha256').update(large).digest('hex').slice(0, 24)}.webp`;
      const src = `${UPLOADS_PREFIX}products/${name}`;
      await fs.mkdir(dir, { recursive: true });
      // The thumbnail first: once the large file exists, the picture is complete.
      await write(path.basename(productThumbnailOf(src)), small);
      await write(name, large);
      return src;
    },
  };
}

export type ProductImages = ReturnType<typeof createProductImages>;
