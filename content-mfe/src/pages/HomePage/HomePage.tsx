import { useState } from 'react';
import { Link } from '@shop/shared/router';
import {
  DEFAULT_TITLE,
  FREE_DELIVERY_MESSAGE,
  loadCategories,
  RANGE_MAKER,
  type BlogPost,
  type Category,
  type CmsPage,
  type FeaturedProduct,
  type PageLoader,
} from '@shop/shared';
import { loadBlogPosts, loadCmsPages, loadFeaturedProducts } from '../../components/contentApi';
import { loadContentData, shownKey } from '../../components/pageData';
import { HtmlContent } from '../../components/HtmlContent';
import { PostCard } from '../../components/PostCard';
import { StoreReviewsCarousel } from '../../components/ReviewsCarousel';
import { useLoad } from '../../components/useLoad';
import { VideoModal } from '../../components/VideoModal';
import heroImage from './hero.svg';
import styles from './HomePage.module.css';

/** Spec section 9: the home page shows the newest 4 advice posts. */
export const HOME_RECENT_POSTS = 4;
/** Category ids that have a tile icon (spec section 2). */
export const ICON_CATEGORY_IDS: ReadonlySet<number> = new Set([102, 104, 105, 106, 107, 108, 109]);

/** The four selling points of the shop (spec section 2), as the catalogue's sidebar words them. */
export const SELLING_POINTS = [
  { title: 'Expertise', text: 'Free expert advice from our technical helpline before and after you buy.' },
  { title: 'Trust', text: 'An independent supplier trusted by contractors and homeowners across the UK.' },
  { title: 'Quality', text: 'Certified, CE marked systems from manufacturers we know and stock.' },
  { title: 'Free Delivery', text: FREE_DELIVERY_MESSAGE },
] as const;

/** Black or white, whichever reads better on a sash colour chosen in the database. */
export function textColourOn(background: string): '#000' | '#fff' {
  const hex = background.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) return '#fff';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast with white is (1.05)/(L+0.05); with black (L+0.05)/0.05: pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#fff' : '#000';
}

function HomeHead({ page }: { page: CmsPage | undefined }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <title>{page?.meta_title || page?.title || DEFAULT_TITLE}</title>
      {page?.meta_description ? <meta name="description" content={page.meta_description} /> : null}
      <link rel="canonical" href={`${origin}/`} />
    </>
  );
}

function CategoryTiles({ categories }: { categories: Category[] }) {
  const top = categories.filter((c) => c.parent_id === null && c.include_in_menu).sort((a, b) => a.position - b.position);
  if (top.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-categories">
      <h2 id="home-categories" className={styles.sectionTitle}>
        Shop by category
      </h2>
      <ul className={styles.tiles}>
        {top.map((c) => (
          <li key={c.id} className={styles.tile} data-category={c.id}>
            {ICON_CATEGORY_IDS.has(c.id) && c.attrs.icon ? (
              <img className={styles.tileIcon} src={c.attrs.icon} alt="" width={64} height={64} loading="lazy" decoding="async" />
            ) : (
              <span className={styles.tileInitial} aria-hidden="true">
                {c.name.charAt(0)}
              </span>
            )}
            <h3 className={styles.tileName}>{c.name}</h3>
            {c.attrs.custom_short_description ? <p className={styles.tileText}>{c.attrs.custom_short_description}</p> : null}
            <Link to={c.url} className={styles.tileLink}>
              Shop Now<span className={styles.hidden}> for {c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeaturedStrip({ products }: { products: FeaturedProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-featured">
      <h2 id="home-featured" className={styles.sectionTitle}>
        Featured products
      </h2>
      <ul className={styles.featured}>
        {products.map((p) => (
          <li key={p.id} className={styles.feature} data-sku={p.sku}>
            <div className={styles.featureMedia}>
              <img className={styles.featureImage} src={p.image} alt="" width={400} height={400} loading="lazy" decoding="async" />
              {p.sashText ? (
                <span
                  className={styles.sash}
                  style={{ background: p.sashColour ?? 'var(--color-accent)', color: p.sashColour ? textColourOn(p.sashColour) : '#000' }}
                >
                  {p.sashText}
                </span>
              ) : null}
            </div>
            <h3 className={styles.featureName}>{p.name}</h3>
            <p className={styles.featureText}>{p.strapline}</p>
            <Link to={p.url} className={styles.button} aria-label={`${p.buttonText}: ${p.name}`}>
              {p.buttonText}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the page server loads to render the home page (the browser starts with the same answers). */
export const loadPageData: PageLoader = (_page, api) =>
  loadContentData(api, ['cms-pages', 'categories', 'featured', 'blog-posts', 'store-reviews'], { cmsPage: 'home' });

/** The shop's front door (spec section 2, Home). */
export default function HomePage() {
  const pages = useLoad(loadCmsPages, shownKey('cms-pages', 'home'), 'cms pages');
  const categories = useLoad(loadCategories, 'categories', 'categories');
  const featured = useLoad(loadFeaturedProducts, 'featured', 'featured products');
  const posts = useLoad(loadBlogPosts, 'blog-posts', 'blog posts');
  const [video, setVideo] = useState<{ post: BlogPost; id: string } | null>(null);
  const home = pages.status === 'done' ? pages.data.find((p) => p.identifier === 'home') : undefined;

  return (
    <div className={styles.page} data-page="home">
      {/* Until the CMS page is in, the title the page server wrote (the same one) stands. */}
      {pages.status === 'loading' ? null : <HomeHead page={home} />}
      <section className={styles.hero} aria-labelledby="home-heading">
        <div className={styles.heroText}>
          <h1 id="home-heading" className={styles.heroTitle}>
            Waterproofing, damp proofing and drainage membranes
          </h1>
          <p className={styles.heroLead}>Trade and retail supply of the {RANGE_MAKER} range, with free expert advice from people who install it.</p>
          <p className={styles.heroDelivery}>{FREE_DELIVERY_MESSAGE}</p>
          <div className={styles.heroActions}>
            <a href="#home-categories" className={styles.button}>
              Shop by category
            </a>
            <Link to="/advice" className={styles.buttonLight}>
              Installation videos &amp; advice
            </Link>
          </div>
        </div>
        {/* The largest image of the first screen: sized so nothing shifts, the only eager image. */}
        <img className={styles.heroImage} src={heroImage} alt="" width={640} height={400} loading="eager" fetchPriority="high" decoding="async" />
      </section>

      {categories.status === 'done' ? <CategoryTiles categories={categories.data} /> : <div className={styles.placeholder} />}
      {featured.status === 'done' ? <FeaturedStrip products={featured.data} /> : null}

      <section className={styles.section} aria-labelledby="home-why">
        <h2 id="home-why" className={styles.sectionTitle}>
          Why buy from us
        </h2>
        <ul className={styles.points}>
          {SELLING_POINTS.map((point) => (
            <li key={point.title} className={styles.point}>
              <h3 className={styles.pointTitle}>{point.title}</h3>
              <p className={styles.pointText}>{point.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.resources}`} aria-labelledby="home-resources">
        <div>
          <h2 id="home-resources" className={styles.sectionTitle}>
            Resources
          </h2>
          <p>Installation videos, buying guides and technical advice from our surveyors.</p>
        </div>
        <Link to="/advice" className={styles.button}>
          Get Started
        </Link>
      </section>

      {posts.status === 'done' && posts.data.length > 0 ? (
        <section className={styles.section} aria-labelledby="home-posts">
          <h2 id="home-posts" className={styles.sectionTitle}>
            Latest advice
          </h2>
          <ul className={styles.posts}>
            {posts.data.slice(0, HOME_RECENT_POSTS).map((post) => (
              <li key={post.id}>
                <PostCard post={post} headingLevel={3} onPlay={(p, id) => setVideo({ post: p, id })} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {home?.content ? (
        <section className={styles.section} aria-labelledby="home-about">
          <h2 id="home-about" className={styles.sectionTitle}>
            {home.content_heading || 'About us'}
          </h2>
          <HtmlContent html={home.content} />
        </section>
      ) : null}

      <StoreReviewsCarousel />
      <VideoModal videoId={video?.id ?? null} title={video?.post.name ?? ''} onClose={() => setVideo(null)} />
    </div>
  );
}
