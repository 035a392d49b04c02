import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from '../catalog/schema';

/** CMS pages (home, about, policies...), the advice blog and its authors. */

export const cmsPages = pgTable(
  'cms_pages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    identifier: text('identifier').notNull(),
    title: text('title').notNull(),
    contentHeading: text('content_heading'),
    /** HTML. */
    content: text('content').notNull(),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cms_pages_identifier_key').on(t.identifier)],
);

export const blogAuthors = pgTable(
  'blog_authors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    urlKey: text('url_key').notNull(),
    jobTitle: text('job_title'),
    /** Path under /media, or null (the storefront shows a placeholder). */
    image: text('image'),
    shortDescription: text('short_description').notNull(),
  },
  (t) => [uniqueIndex('blog_authors_url_key_key').on(t.urlKey)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    urlKey: text('url_key').notNull(),
    name: text('name').notNull(),
    /** A path under /media, or a full https link to a video thumbnail (the post is a video). */
    image: text('image').notNull(),
    shortContent: text('short_content'),
    /** HTML. */
    postContent: text('post_content').notNull(),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    publishDate: timestamp('publish_date', { withTimezone: true }).notNull(),
    authorId: integer('author_id').references(() => blogAuthors.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('blog_posts_url_key_key').on(t.urlKey), index('blog_posts_publish_idx').on(t.publishDate)],
);

/** Products an advice article recommends (its sidebar 'Related Products'). */
export const blogPostProducts = pgTable(
  'blog_post_products',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.productId] })],
);

/** Messages shoppers send with the Contact Us form; each is also mailed to the shop (the outbox). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** The sender's address as the API saw it (abuse reports); see TRUST_PROXY. */
    clientIp: text('client_ip'),
    /** The outbox row that carries the message to the shop. */
    mailId: bigint('mail_id', { mode: 'number' }),
    /** The back office's inbox: when a staff member marked it handled, and who. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
