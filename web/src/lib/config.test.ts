import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('refuses to start without an app name', () => {
    expect(readConfig({ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toEqual({
      ok: false,
      message: 'App name is not set',
    });
    expect(readConfig({ VITE_APP_NAME: '  ' })).toEqual({
      ok: false,
      message: 'App name is not set',
    });
  });

  it('refuses to start without the Stripe key', () => {
    expect(readConfig({ VITE_APP_NAME: 'Associate' })).toEqual({
      ok: false,
      message: 'Stripe keys are not set',
    });
  });

  it('reads the app mode and the optional DSN', () => {
    expect(
      readConfig({ VITE_APP_NAME: 'Associate', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }),
    ).toEqual({
      ok: true,
      config: {
        appName: 'Associate',
        isAdmin: false,
        stripePublishableKey: 'pk_test_x',
        sentryDsn: undefined,
      },
    });
    const admin = readConfig({
      VITE_APP_NAME: 'Admin',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk',
      VITE_SENTRY_DSN: 'https://k@o.ingest.sentry.io/1',
    });
    expect(admin.ok && admin.config.isAdmin).toBe(true);
    expect(admin.ok && admin.config.sentryDsn).toBe('https://k@o.ingest.sentry.io/1');
  });

  it('is set for this build (web/.env)', async () => {
    const { configResult } = await import('./config');
    expect(configResult).toMatchObject({
      ok: true,
      config: { appName: 'Associate', isAdmin: false },
    });
  });
});
