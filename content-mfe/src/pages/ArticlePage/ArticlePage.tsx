import { useState } from 'react';
import { Link, useParams } from '@shop/shared/router';
import { Breadcrumb, formatLongDate, NotFound, pageTitle, Spinner, type Author, type BlogPost, type PageLoader } from '@shop/shared';
import { loadAuthors, loadBlogPosts, loadRelatedProducts } from '../../components/contentApi';
import { HtmlContent } from '../../components/HtmlContent';
import { AUTHOR_PLACEHOLDER, hideBrokenImage } from '../../components/placeholder';
import { loadContentData, loadRelated, relatedKey, shownKey } from '../../components/pageData';
import { useLoad } from '../../components/useLoad';
import { isVideoLink, videoIdOf } from '../../components/video';
import { VideoModal } from '../../components/VideoModal';
import { RelatedProduct } from './RelatedProduct';
import styles from './ArticlePage.module.css';

function AuthorBox({ post, author }: { post: BlogPost; author: Author | undefined }) {
  if (!post.author_name && !author) return null;
  const name = author?.name ?? post.author_name ?? '';
  return (
    <aside className={styles.author} aria-label="About the author">
      <img className={styles.authorImage} src={author?.image ?? AUTHOR_PLACEHOLDER} alt="" width={96} height={96} loading="lazy" decoding="async" />
      <div>
        <p className={styles.authorName}>
          {post.author_url ? <Link to={post.author_url}>{name}</Link> : name}
          {author?.job_title ? <span className={styles.authorJob}>, {author.job_title}</span> : null}
        </p>
        {author?.short_description ? <p className={styles.authorText}>{author.short_description}</p> : null}
      </div>
    </aside>
  );
}

function RelatedProducts({ postId }: { postId: number }) {
  const related = useLoad(() => loadRelatedProducts(postId), relatedKey(postId), 'related products');
  if (related.status !== 'done' || related.data.length === 0) return null;
  return (
    <section className={styles.sideSection} aria-labelledby="article-related">
      <h2 id="article-related" className={styles.sideTitle}>
        Related Products
      </h2>
      <ul className={styles.products}>
        {related.data.map((product) => (
          <RelatedProduct key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}

function Article({ post, posts, authors }: { post: BlogPost; posts: BlogPost[]; authors: Author[] }) {
  const [playing, setPlaying] = useState(false);
  const author = authors.find((a) => a.id === post.author_id);
  const videoId = isVideoLink(post.image) ? (post.video_id ?? videoIdOf(post.image)) : null;
  // Every other post, newest first (the API answers newest first), the whole list.
  const recent = posts.filter((p) => p.id !== post.id);

  return (
    <article className={styles.page} data-page="article" data-article={post.url_key}>
      {/* A meta title is a whole title already; otherwise the post's name in the shop's pattern. */}
      <title>{post.meta_title || pageTitle(post.name)}</title>
      {post.meta_description ? <meta name="description" content={post.meta_description} /> : null}
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Resources', to: '/advice' }, { label: post.name }]} />
      <div className={styles.hero}>
        {/* The largest image of the first screen: sized, loaded at once. */}
        <img className={styles.heroImage} src={post.image} alt="" width={1200} height={400} loading="eager" fetchPriority="high" decoding="async" referrerPolicy="no-referrer" onError={hideBrokenImage} />
        {videoId ? (
          <button type="button" className={styles.heroPlay} onClick={() => setPlaying(true)} aria-label={`Play video: ${post.name}`}>
            <span aria-hidden="true">▶</span> Play video
          </button>
        ) : null}
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          <h1 className={styles.title}>{post.name}</h1>
          <p className={styles.byline}>
            {post.author_name ? (
              <>
                By {post.author_url ? <Link to={post.author_url}>{post.author_name}</Link> : post.author_name}
                {' · '}
              </>
            ) : null}
            <time dateTime={post.publish_date}>{formatLongDate(post.publish_date)}</time>
          </p>
          <HtmlContent html={post.post_content} />
          <AuthorBox post={post} author={author} />
        </div>
        <div className={styles.sidebar}>
          {recent.length > 0 ? (
            <nav className={styles.sideSection} aria-labelledby="article-recent">
              <h2 id="article-recent" className={styles.sideTitle}>
                Recent Articles
              </h2>
              <ul className={styles.recent}>
                {recent.map((p) => (
                  <li key={p.id}>
                    <Link to={`/advice/${p.url_key}`}>{p.name}</Link>
                    <time dateTime={p.publish_date} className={styles.recentDate}>
                      {formatLongDate(p.publish_date)}
                    </time>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <RelatedProducts postId={post.id} />
        </div>
      </div>
      <VideoModal videoId={playing ? videoId : null} title={post.name} onClose={() => setPlaying(false)} />
    </article>
  );
}

/** What the page server loads to render an article: the posts, the authors and the article's related products. */
export const loadPageData: PageLoader<{ articlePage?: string }> = async (page, api) => {
  const urlKey = page.props.articlePage ?? page.params.articlePage;
  const data = await loadContentData(api, ['blog-posts', 'authors'], { post: urlKey });
  const post = (data[shownKey('blog-posts', urlKey)] as BlogPost[] | undefined)?.find((p) => p.url_key === urlKey);
  return post ? { ...data, ...(await loadRelated(api, post.id).catch(() => ({}))) } : data;
};

/** An advice article (/advice/{articlePage}); an unknown one is the shop's not-found page. */
export default function ArticlePage({ articlePage: fromProps }: { articlePage?: string }) {
  const params = useParams();
  const urlKey = fromProps ?? params.articlePage ?? '';
  const posts = useLoad(loadBlogPosts, shownKey('blog-posts', urlKey), 'blog posts');
  const authors = useLoad(loadAuthors, 'authors', 'authors');

  if (posts.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  // A failed load is logged only (spec section 8); it does not make the article 'not found'.
  if (posts.status === 'failed') return null;
  const post = posts.data.find((p) => p.url_key === urlKey);
  if (!post) return <NotFound />;
  return <Article key={post.id} post={post} posts={posts.data} authors={authors.status === 'done' ? authors.data : []} />;
}
