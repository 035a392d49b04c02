import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api';

/** Loads one answer for a page: data, the error's message, and reload. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    let live = true;
    setError(null);
    run().then(
      (answer) => live && setData(answer),
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.'),
    );
    return () => {
      live = false;
    };
  }, [run, tick]);
  return { data, setData, error, reload: () => setTick((n) => n + 1) };
}
