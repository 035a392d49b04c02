import { useCallback, useEffect, useState } from 'react';
import type { CaptchaAnswer } from '@shop/shared';
import { accountApi } from '../../account/api';

/**
 * A captcha challenge drawn by the server (POST /api/customer/captcha): the image and the id that
 * verify-recaptcha checks the typed text against. `reload` asks for a new one.
 */
export function useCaptcha() {
  const [challenge, setChallenge] = useState<CaptchaAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setFailed(false);
    try {
      setChallenge(await accountApi.captcha());
    } catch (error) {
      console.warn('[account] captcha could not be loaded', error);
      setChallenge(null);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** True when the typed text matches the current challenge (case-sensitive, checked by the server). */
  const verify = useCallback(
    async (answer: string) => (challenge ? accountApi.verifyCaptcha(challenge.id, answer).catch(() => false) : false),
    [challenge],
  );

  return { challenge, failed, reload, verify };
}
