import { useState } from 'react';
import { Breadcrumb, PageHeading, Spinner, type BlogPost, type PageLoader } from '@shop/shared';
import { loadBlogPosts } from '../../components/contentApi';
import { PostCard } from '../../components/PostCard';
import { StoreReviewsCarousel } from '../../components/ReviewsCarousel';
import { loadContentData } from '../../components/pageData';
import { useLoad } from '../../components/useLoad';
import { VideoModal } from '../../components/VideoModal';
import styles from './AdvicePage.module.css';

/** What the page server loads to render Resources. */
export const loadPageData: PageLoader = (_page, api) => loadContentData(api, ['blog-posts', 'store-reviews']);

/** Resources (/advice): every advice post, videos playing in a modal, then the store reviews. */
export default function AdvicePage() {
  const posts = useLoad(loadBlogPosts, 'blog-posts', 'blog posts');
  const [video, setVideo] = useState<{ post: BlogPost; id: string } | null>(null);

  return (
    <div className={styles.page} data-page="advice">
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Resources' }]} />
      <PageHeading
        title="Resources"
        heading="Installation videos and advice"
        description="Installation videos, buying guides and technical advice on waterproofing, damp proofing and drainage from our surveyors."
      />
      <p className={styles.lead}>
        Watch our installation videos and read our surveyors&apos; guides before you start. Questions about your own project? Our technical
        helpline is free.
      </p>
      {posts.status === 'loading' ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : posts.status === 'done' ? (
        <ul className={styles.grid}>
          {posts.data.map((post) => (
            <li key={post.id}>
              <PostCard post={post} onPlay={(p, id) => setVideo({ post: p, id })} />
            </li>
          ))}
        </ul>
      ) : null}
      <StoreReviewsCarousel />
      <VideoModal videoId={video?.id ?? null} title={video?.post.name ?? ''} onClose={() => setVideo(null)} />
    </div>
  );
}
