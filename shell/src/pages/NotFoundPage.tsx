import { Link } from 'react-router-dom';
import { PageHeading } from '@shop/shared';
import styles from './NotFoundPage.module.css';

/** The 404 page (the page server also answers such URLs with HTTP status 404). */
export function NotFoundPage() {
  return (
    <section className={styles.page} data-page="not-found">
      <PageHeading title="Page not found" heading="Sorry, we couldn't find that page" />
      <p>The page may have moved, or the address may be mistyped. These might help:</p>
      <ul className={styles.links}>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/damp-proofing">Damp Proofing</Link>
        </li>
        <li>
          <Link to="/basement-waterproofing">Basement Waterproofing</Link>
        </li>
        <li>
          <Link to="/sump-pumps">Sump Pumps</Link>
        </li>
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
      </ul>
    </section>
  );
}
