import { Link } from 'react-router-dom';
import { PageHeading } from './PageHeading';
import styles from './NotFound.module.css';

/**
 * The not-found page: what the shop shows for an unknown URL, product or category (the page server
 * answers those URLs with HTTP status 404 and the same page).
 */
export function NotFound() {
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
