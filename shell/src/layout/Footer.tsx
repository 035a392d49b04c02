import { Link } from '@shop/shared/router';
import {
  COMPANY_LEGAL_TEXT,
  FREE_DELIVERY_MESSAGE,
  HELPLINE,
  HELPLINE_TEL,
  INFO_EMAIL,
  RANGE_MAKER,
  RANGE_MAKER_PAGE,
} from '@shop/shared';
import styles from './Footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.delivery}>{FREE_DELIVERY_MESSAGE}</p>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li><Link to="/about">About</Link></li>
            <li><Link to="/contact">Contact</Link></li>
            <li><Link to={RANGE_MAKER_PAGE}>{RANGE_MAKER} Systems</Link></li>
            <li><Link to="/cookie-policy">Cookie Policy</Link></li>
            <li><Link to="/privacy-policy">Privacy Policy</Link></li>
            <li><Link to="/delivery-and-returns">Delivery &amp; Returns</Link></li>
            <li><Link to="/terms-and-conditions">Terms &amp; Conditions</Link></li>
          </ul>
        </nav>
        <p>
          Technical helpline: <a href={`tel:${HELPLINE_TEL}`}>{HELPLINE}</a> · Email:{' '}
          <a href={`mailto:${INFO_EMAIL}`}>{INFO_EMAIL}</a>
        </p>
        <p className={styles.legal}>{COMPANY_LEGAL_TEXT}</p>
      </div>
    </footer>
  );
}
