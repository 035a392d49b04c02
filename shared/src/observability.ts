/**
 * Error reporting shared by the shell and every remote. The shell plugs in Sentry when a DSN is
 * configured; until then (and without one) errors only go to the console.
 */
type Reporter = (error: unknown, context?: Record<string, unknown>) => void;

let reporter: Reporter | null = null;

export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
}

/** Logs a failure the shopper does not need to see and reports it when reporting is set up. */
export function reportError(message: string, error: unknown, context?: Record<string, unknown>): void {
  console.error(message, error);
  try {
    reporter?.(error, { message, ...context });
  } catch {
    // Reporting must never break the page.
  }
}
