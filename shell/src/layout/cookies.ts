import { atomWithStorage } from 'jotai/utils';
import { safeLocalStorage } from '@shop/shared';

/** Set once the shopper accepts the cookie banner (localStorage key `cookiesAccepted`). */
export const cookiesAcceptedAtom = atomWithStorage<boolean>('cookiesAccepted', false, safeLocalStorage<boolean>(), {
  getOnInit: true,
});
