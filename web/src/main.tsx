import '@radix-ui/themes/styles.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorPage } from './app/config-error-page';
import { configResult } from './lib/config';
import { initSentry } from './lib/sentry';

const root = createRoot(document.getElementById('root') as HTMLElement);

if (!configResult.ok) {
  // The app refuses to start without its required settings.
  root.render(<ConfigErrorPage message={configResult.message} />);
} else {
  document.title = `${configResult.config.appName} Portal`;
  void initSentry(configResult.config.sentryDsn, import.meta.env.MODE);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
