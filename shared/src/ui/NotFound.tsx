import { Link } from '@shop/shared/router';
import { NOT_FOUND_LINKS, type ShopLink } from '../data/links';
import { PageHeading } from './PageHeading';
import styles from './NotFound.module.css';

/**
 * The not-found page: what the shop shows for an unknown URL, product or category (the page server
 * answers those URLs with HTTP status 404 and the same page). Its suggestions are data: the shop's
 * list by default, or the list a page passes in.
 */
export function NotFound({ links = NOT_FOUND_LINKS }: { links?: readonly ShopLink[] }) {
  return (
    <section className={styles.page} data-page="not-found">
      <PageHeading title="Page not found" heading="Sorry, we couldn't find that page" />
      <p>The page may have moved, or the address may be mistyped. These might help:</p>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
