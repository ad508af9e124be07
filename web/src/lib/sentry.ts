// Error reporting, only when a DSN is set at build time (VITE_SENTRY_DSN). The SDK is loaded on
// demand so that builds without a DSN do not ship it.

type Capture = (error: unknown) => void;
let capture: Capture | null = null;

export const SENTRY_OPTIONS = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

export async function initSentry(dsn: string | undefined, environment: string): Promise<boolean> {
  if (!dsn) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    environment,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
    ],
    ...SENTRY_OPTIONS,
  });
  capture = (error) => Sentry.captureException(error);
  return true;
}

/** Reports an error when error reporting is on; otherwise does nothing. */
export function reportError(error: unknown) {
  capture?.(error);
}
