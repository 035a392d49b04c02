import type { ReactNode } from 'react';
import { BACKOFFICE_MESSAGES, type BackofficeArea } from '@shop/shared/backoffice';
import { useSession } from '../session';
import ui from '../ui.module.css';

/** A page of one area: its content for roles that may use it, the API's refusal for the others. */
export function Area({ name, children }: { name: BackofficeArea; children: ReactNode }) {
  const { may } = useSession();
  if (!may(name)) {
    return (
      <div className={ui.page}>
        <h1 className={ui.heading}>Not allowed</h1>
        <p className={ui.error} role="alert">
          {BACKOFFICE_MESSAGES.noPermission}
        </p>
      </div>
    );
  }
  return <>{children}</>;
}
