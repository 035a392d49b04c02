import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { sessionAnswerSchema, type BackofficeArea, type SessionAnswer } from '@shop/shared/backoffice';
import { ApiError, call, onSignedOut, setCsrfToken } from './api';

interface SessionState {
  /** undefined while loading; null when signed out. */
  session: SessionAnswer | null | undefined;
  signedIn: (session: SessionAnswer) => void;
  signOut: () => Promise<void>;
  may: (area: BackofficeArea) => boolean;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: SessionAnswer | null }) {
  const [session, setSession] = useState<SessionAnswer | null | undefined>(initial);

  useEffect(() => {
    if (initial !== undefined) return;
    call(sessionAnswerSchema, 'GET', '/session').then(
      (s) => {
        setCsrfToken(s.csrfToken);
        setSession(s);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 401) console.error(error);
        setSession(null);
      },
    );
  }, [initial]);

  useEffect(() => {
    const stop = onSignedOut(() => setSession(null));
    return () => {
      stop();
    };
  }, []);

  const signedIn = useCallback((s: SessionAnswer) => {
    setCsrfToken(s.csrfToken);
    setSession(s);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await call(z.object({ status: z.string() }), 'POST', '/sign-out');
    } finally {
      setCsrfToken(null);
      setSession(null);
    }
  }, []);

  const may = useCallback((area: BackofficeArea) => Boolean(session?.areas.includes(area)), [session]);

  return <SessionContext.Provider value={{ session, signedIn, signOut, may }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
