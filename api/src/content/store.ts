import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import type { MailMessage } from '../mail/templates';
import { blogAuthors, cmsPages, contactMessages } from './schema';

/** The content domain's queries: CMS pages, advice posts and authors. */

export interface BlogPostRow {
  id: number;
  urlKey: string;
  name: string;
  image: string;
  shortContent: string | null;
  postContent: string;
  metaTitle: string | null;
  metaDescription: string | null;
  publishDate: Date;
  authorId: number | null;
  authorName: string | null;
  authorUrlKey: string | null;
  /** Ids of the products the post recommends, in order (whether shown or not: the catalogue decides). */
  relatedProductIds: number[];
}

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  clientIp: string | null;
}

export function createContentStore(db: Db) {
  return {
    /** Stores a contact message and its mail to the shop in one transaction: both or neither. */
    async saveContactMessage(input: NewContactMessage, mail: (id: number) => MailMessage): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
        const mailId = await enqueueMail(tx, mail(row!.id));
        await tx.update(contactMessages).set({ mailId }).where(eq(contactMessages.id, row!.id));
        return row!.id;
      });
    },

    async activeCmsPages() {
      return db
        .select({
          id: cmsPages.id,
          identifier: cmsPages.identifier,
          title: cmsPages.title,
          contentHeading: cmsPages.contentHeading,
          content: cmsPages.content,
          metaTitle: cmsPages.metaTitle,
          metaDescription: cmsPages.metaDescription,
          metaKeywords: cmsPages.metaKeywords,
          updatedAt: cmsPages.updatedAt,
        })
        .from(cmsPages)
        .where(eq(cmsPages.isActive, true))
        .orderBy(asc(cmsPages.id));
    },

    /** Active posts whose publish date has come, newest first. */
    async activePosts(): Promise<BlogPostRow[]> {
      return queryRows<BlogPostRow & Record<string, unknown>>(
        db,
        sql`select b.id, b.url_key as "urlKey", b.name, b.image, b.short_content as "shortContent",
              b.post_content as "postContent", b.meta_title as "metaTitle", b.meta_description as "metaDescription",
              b.publish_date as "publishDate", b.author_id as "authorId", a.name as "authorName", a.url_key as "authorUrlKey",
              coalesce((select array_agg(bp.product_id order by bp.position, bp.product_id) from blog_post_products bp
                        where bp.post_id = b.id), '{}'::int[]) as "relatedProductIds"
            from blog_posts b left join blog_authors a on a.id = b.author_id
            where b.is_active and b.publish_date <= now()
            order by b.publish_date desc, b.id desc`,
      );
    },

    async authors() {
      return db.select().from(blogAuthors).orderBy(asc(blogAuthors.id));
    },

    /** The ids of the products an active post recommends, in order; undefined when no such post. */
    async relatedProductIds(postId: number): Promise<number[] | undefined> {
      const [post] = await queryRows<{ id: number }>(db, sql`select id from blog_posts where id = ${postId} and is_active and publish_date <= now()`);
      if (!post) return undefined;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select product_id as id from blog_post_products where post_id = ${postId} order by position, product_id`,
      );
      return rows.map((r) => r.id);
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
