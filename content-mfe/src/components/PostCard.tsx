import { Link } from '@shop/shared/router';
import type { BlogPost } from '@shop/shared';
import { hideBrokenImage } from './placeholder';
import { isVideoLink, videoIdOf } from './video';
import styles from './PostCard.module.css';

/**
 * An advice post in a grid: image, title linking to the article, summary, then 'Play video' (a
 * video post: the image is a full web link) or 'Read more'.
 */
export function PostCard({
  post,
  onPlay,
  headingLevel = 2,
}: {
  post: BlogPost;
  /** Opens the video modal; without it video posts link to their article like the others. */
  onPlay?: ((post: BlogPost, videoId: string) => void) | undefined;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const href = `/advice/${post.url_key}`;
  const videoId = isVideoLink(post.image) ? (post.video_id ?? videoIdOf(post.image)) : null;
  return (
    <article className={styles.card} data-post={post.url_key}>
      <div className={styles.media}>
        <img
          className={styles.image}
          src={post.image}
          alt=""
          width={1200}
          height={400}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={hideBrokenImage}
        />
        {videoId ? (
          <span className={styles.playBadge} aria-hidden="true">
            ▶
          </span>
        ) : null}
      </div>
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={href}>{post.name}</Link>
        </Heading>
        {post.short_content ? <p className={styles.summary}>{post.short_content}</p> : null}
        <div className={styles.actions}>
          {videoId && onPlay ? (
            <button type="button" className={styles.primary} onClick={() => onPlay(post, videoId)} aria-label={`Play video: ${post.name}`}>
              Play video
            </button>
          ) : (
            <Link to={href} className={styles.secondary}>
              Read more<span className={styles.hidden}> about {post.name}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
