import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n from 'i18next';
import { AppProviders } from './AppProviders';
import { App } from './App';
import { detectLanguage, initI18n } from './i18n';
import { preloadPage } from './routing/pages';
import { readSsrData } from './ssr/siteData';

// The app itself (main.tsx loads it). A public page comes rendered by the server (with its data in
// a JSON block) and is hydrated; the admin and the portal come as an empty shell and render here.
const rendered = readSsrData();
// Read before i18next starts: starting in the server's language caches it (cookie, localStorage).
const detected = detectLanguage();
const lng = rendered?.lng ?? detected;

// Translations and the current page's code load in parallel, and the first render waits for both,
// so the page appears once, translated, and a hydration renders exactly the server's HTML.
await Promise.all([initI18n(lng), preloadPage(window.location.pathname).catch(() => undefined)]);

const tree: ReactNode = (
  <AppProviders data={rendered}>
    <App />
  </AppProviders>
);
const container = document.getElementById('root')!;

if (rendered) {
  hydrateRoot(container, tree);
  // The spec's order also looks at local and session storage, which the server cannot see.
  if (detected !== lng) void i18n.changeLanguage(detected);
} else {
  // A transition lets React yield while it builds the first tree, keeping the main thread responsive.
  startTransition(() => createRoot(container).render(tree));
}
