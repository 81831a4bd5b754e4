import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { App } from './App';
import { initI18n } from './i18n';
import { preloadPage } from './routing/pages';
import './styles.css';

// Translations and the current page's code load in parallel, and the first render waits for both,
// so the page appears once, translated, instead of flashing a fallback (or replacing prerendered
// HTML with a spinner).
await Promise.all([initI18n(), preloadPage(window.location.pathname).catch(() => undefined)]);

// A transition lets React yield while it builds the first tree, keeping the main thread responsive.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <AppProviders>
      <App />
    </AppProviders>,
  );
});
