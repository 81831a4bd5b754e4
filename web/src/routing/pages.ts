import { lazyNamed } from './lazyNamed';
import { withoutTrailingSlashes } from '../../../domain/shared/text';

/** Pass as the third argument for route modules that use antd: they get its theme and locale. */
const antd = () =>
  import('../AntdProvider').then(async (m) => {
    // The page's first render (a hydration too) already has antd's texts in its language.
    await m.preloadAntdLocale(typeof document === 'undefined' ? 'en' : document.documentElement.lang);
    return m.AntdProvider;
  });

/** Every route's code is its own chunk: marketing pages never load admin or portal code, nor antd. */
export const pages = {
  Home: lazyNamed(() => import('../public/pages/HomePage'), 'HomePage'),
  Features: lazyNamed(() => import('../public/pages/FeaturesPage'), 'FeaturesPage'),
  AboutUs: lazyNamed(() => import('../public/pages/AboutUsPage'), 'AboutUsPage'),
  WhyUs: lazyNamed(() => import('../public/pages/WhyUsPage'), 'WhyUsPage'),
  Pricing: lazyNamed(() => import('../public/pages/PricingPage'), 'PricingPage'),
  Contact: lazyNamed(() => import('../public/pages/ContactPage'), 'ContactPage', antd),
  DemoRequest: lazyNamed(() => import('../public/pages/DemoRequestPage'), 'DemoRequestPage', antd),
  Terms: lazyNamed(() => import('../public/pages/TermsPage'), 'TermsPage'),
  Login: lazyNamed(() => import('../auth/LoginPage'), 'LoginPage', antd),
  PayInvoice: lazyNamed(() => import('../payInvoice/PayInvoicePage'), 'PayInvoicePage', antd),
  NotFound: lazyNamed(() => import('../public/pages/NotFoundPage'), 'NotFoundPage'),
  Admin: lazyNamed(() => import('../admin/AdminRoutes'), 'AdminRoutes', antd),
  Portal: lazyNamed(() => import('../portal/PortalRoutes'), 'PortalRoutes', antd),
  TwoFactorRequired: lazyNamed(() => import('../auth/twoFactor/TwoFactorRequiredPage'), 'TwoFactorRequiredPage', antd),
  PasswordChangeRequired: lazyNamed(() => import('../auth/PasswordChangeRequiredPage'), 'PasswordChangeRequiredPage', antd),
};

type PageName = keyof typeof pages;

/** Each page's source module (relative to web/, as in the build manifest): the server preloads its chunks and CSS. */
const PAGE_MODULES: Partial<Record<PageName, string[]>> = {
  Home: ['src/public/pages/HomePage.tsx'],
  Features: ['src/public/pages/FeaturesPage.tsx'],
  AboutUs: ['src/public/pages/AboutUsPage.tsx'],
  WhyUs: ['src/public/pages/WhyUsPage.tsx'],
  Pricing: ['src/public/pages/PricingPage.tsx'],
  Contact: ['src/public/pages/ContactPage.tsx', 'src/AntdProvider.tsx'],
  DemoRequest: ['src/public/pages/DemoRequestPage.tsx', 'src/AntdProvider.tsx'],
  Terms: ['src/public/pages/TermsPage.tsx'],
  Login: ['src/auth/LoginPage.tsx', 'src/AntdProvider.tsx'],
  PayInvoice: ['src/payInvoice/PayInvoicePage.tsx', 'src/AntdProvider.tsx'],
  NotFound: ['src/public/pages/NotFoundPage.tsx'],
};

const byPath: Record<string, PageName> = {
  '/': 'Home',
  '/features': 'Features',
  '/about-us': 'AboutUs',
  '/why-us': 'WhyUs',
  '/pricing': 'Pricing',
  '/contact': 'Contact',
  '/demo-request': 'DemoRequest',
  '/terms-and-conditions': 'Terms',
  '/login': 'Login',
};

const PAY_PATH = /^\/pay-invoice\/([^/]+)$/;

/** The page shown at `pathname`. */
export const pageAt = (pathname: string): PageName => {
  const path = withoutTrailingSlashes(pathname);
  if (path === '/admin' || path.startsWith('/admin/')) return 'Admin';
  if (path === '/portal' || path.startsWith('/portal/')) return 'Portal';
  if (PAY_PATH.test(path)) return 'PayInvoice';
  return byPath[path] ?? 'NotFound';
};

/** The admin and the portal: rendered in the browser, with their own router; every other path is a public page. */
export const isAreaPath = (pathname: string): boolean => ['Admin', 'Portal'].includes(pageAt(pathname));

/** The invoice id of a pay link's path (`/pay-invoice/{id}`), decoded; empty elsewhere. */
export const payInvoiceIdAt = (pathname: string): string => {
  const id = PAY_PATH.exec(withoutTrailingSlashes(pathname))?.[1] ?? '';
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
};

/** Loads the code of the page at `pathname` before the first render (see lazyNamed). */
export const preloadPage = (pathname: string): Promise<unknown> => pages[pageAt(pathname)].preload();

/** The source modules of a server-rendered page (none for the client-rendered areas). */
export const pageModules = (pathname: string): string[] => PAGE_MODULES[pageAt(pathname)] ?? [];
