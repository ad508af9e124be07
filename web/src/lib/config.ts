// Build-time configuration from Vite's environment (web/.env, .env.local or the process env).

export interface AppConfig {
  /** VITE_APP_NAME: "Associate" for the associate portal, "Admin" for admin app mode. */
  appName: string;
  /** Admin app mode sends an `access-token` header with the associate code acted for. */
  isAdmin: boolean;
  /** VITE_STRIPE_PUBLISHABLE_KEY: the same test key for USA and Canada. */
  stripePublishableKey: string;
  /** VITE_SENTRY_DSN: error reporting is on only when this is set. */
  sentryDsn?: string;
}

export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; message: string };

type Env = Record<string, string | boolean | undefined>;

function text(env: Env, key: string): string {
  const value = env[key];
  return typeof value === 'string' ? value.trim() : '';
}

export function readConfig(env: Env): ConfigResult {
  const appName = text(env, 'VITE_APP_NAME');
  if (!appName) return { ok: false, message: 'App name is not set' };
  const stripePublishableKey = text(env, 'VITE_STRIPE_PUBLISHABLE_KEY');
  if (!stripePublishableKey) return { ok: false, message: 'Stripe keys are not set' };
  const sentryDsn = text(env, 'VITE_SENTRY_DSN') || undefined;
  return {
    ok: true,
    config: { appName, isAdmin: appName === 'Admin', stripePublishableKey, sentryDsn },
  };
}

export const configResult: ConfigResult = readConfig(import.meta.env);

/** The configuration; only valid after main.tsx has checked `configResult.ok`. */
export const config: AppConfig = configResult.ok
  ? configResult.config
  : { appName: '', isAdmin: false, stripePublishableKey: '' };
