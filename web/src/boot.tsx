import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n from 'i18next';
import { detectLanguage, initI18n } from './i18n';
import { PublicSite } from './PublicSite';
import { browserLocation } from './routing/pageLocation';
import { isAreaPath, preloadPage } from './routing/pages';
import { readSsrData } from './ssr/siteData';

// The app itself (main.tsx loads it). A public page comes rendered by the server (with its data in
// a JSON block) and is hydrated; the admin and the portal come as an empty shell and render here,
// with their router in their own chunk.
const rendered = readSsrData();
// Read before i18next starts: starting in the server's language caches it (cookie, localStorage).
const detected = detectLanguage();
const lng = rendered?.lng ?? detected;
const location = browserLocation();
const container = document.getElementById('root')!;
// Translations and the current page's code load in parallel, and the first render waits for both,
// so the page appears once, translated, and a hydration renders exactly the server's HTML.
const ready = Promise.all([initI18n(lng), preloadPage(location.pathname).catch(() => undefined)]);

if (isAreaPath(location.pathname)) {
  const [{ AreaApp }] = await Promise.all([import('./area/AreaApp'), ready]);
  // A transition lets React yield while it builds the first tree, keeping the main thread responsive.
  startTransition(() => createRoot(container).render(<AreaApp />));
} else {
  await ready;
  const tree = <PublicSite data={rendered} location={location} />;
  if (rendered) {
    hydrateRoot(container, tree);
    // The spec's order also looks at local and session storage, which the server cannot see.
    if (detected !== lng) void i18n.changeLanguage(detected);
  } else {
    startTransition(() => createRoot(container).render(tree));
  }
}
