import { useAtom } from 'jotai';
import { Link } from '@shop/shared/router';
import { useHydrated } from '@shop/shared';
import { cookiesAcceptedAtom } from './cookies';
import styles from './CookieBanner.module.css';

export const COOKIE_TEXT =
  'We use cookies to improve your experience. By using our site, you agree to our cookie policy.';

/** Shows until the shopper accepts (localStorage flag `cookiesAccepted`). */
export function CookieBanner() {
  const [accepted, setAccepted] = useAtom(cookiesAcceptedAtom);
  // The flag lives in the browser: the server's HTML has no banner, the browser adds it if needed.
  const hydrated = useHydrated();
  if (accepted || !hydrated) return null;
  return (
    <section className={styles.banner} aria-label="Cookie notice">
      <p>
        {COOKIE_TEXT} <Link to="/cookie-policy">Read our cookie policy</Link>
      </p>
      <button type="button" className={styles.accept} onClick={() => setAccepted(true)}>
        Accept
      </button>
    </section>
  );
}
