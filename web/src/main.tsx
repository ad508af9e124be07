// Radix Themes in parts rather than the whole styles.css: the tokens, only the colour scales
// the app uses (a colour not listed here renders without its scale — add it when a
// component takes a new one), the components and the utilities. The whole stylesheet was
// 49 kB of the first load, most of it unused.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/gray.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/blue.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/tokens/colors/amber.css';
import '@radix-ui/themes/tokens/colors/violet.css';
import '@radix-ui/themes/tokens/colors/orange.css';
import '@radix-ui/themes/tokens/colors/cyan.css';
import '@radix-ui/themes/tokens/colors/purple.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
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
