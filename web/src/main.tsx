import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { App } from './App';
import { initI18n } from './i18n';
import { preloadPage } from './routing/pages';
import './styles.css';

// Translations and the current page's code load in parallel, and the first render waits for both,
// so the page appears once, translated, instead of flashing a fallback.
await Promise.all([initI18n(), preloadPage(window.location.pathname).catch(() => undefined)]);

createRoot(document.getElementById('root')!).render(
  <AppProviders>
    <App />
  </AppProviders>,
);
