import type { UseFormRegisterReturn } from 'react-hook-form';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@shop/shared/schemas';
import { TextField } from '../Form/Field';
import type { useCaptcha } from './useCaptcha';
import styles from './CaptchaField.module.css';

/** The server's captcha image with a reload button, and the box to type it in (case-sensitive). */
export function CaptchaField({
  captcha,
  registration,
  error,
}: {
  captcha: ReturnType<typeof useCaptcha>;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const { challenge, failed, reload } = captcha;
  return (
    <div className={styles.captcha}>
      <TextField
        label="Please type the letters and numbers below"
        registration={registration}
        error={error}
        required
        autoComplete="off"
        hint="Letters are case-sensitive."
      />
      <div className={styles.image}>
        {challenge ? (
          <img src={challenge.image} width={CAPTCHA_WIDTH} height={CAPTCHA_HEIGHT} alt="Captcha: type the characters shown" />
        ) : (
          <span className={styles.placeholder} style={{ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}>
            {failed ? 'The captcha could not be loaded.' : 'Loading captcha…'}
          </span>
        )}
        <button type="button" className={styles.reload} onClick={() => void reload()}>
          Reload captcha
        </button>
      </div>
    </div>
  );
}
