import { lazyNamed, type PreloadableComponent } from './lazyNamed';

/** Pass as the third argument for route modules that use antd: they get its theme and locale. */
const antd = () => import('../AntdProvider').then((m) => m.AntdProvider);

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
};

const byPath: Record<string, PreloadableComponent> = {
  '/': pages.Home,
  '/features': pages.Features,
  '/about-us': pages.AboutUs,
  '/why-us': pages.WhyUs,
  '/pricing': pages.Pricing,
  '/contact': pages.Contact,
  '/demo-request': pages.DemoRequest,
  '/terms-and-conditions': pages.Terms,
  '/login': pages.Login,
};

/** Loads the code of the page at `pathname` before the first render (see lazyNamed). */
export const preloadPage = (pathname: string): Promise<unknown> => {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) return pages.Admin.preload();
  if (path === '/portal' || path.startsWith('/portal/')) return pages.Portal.preload();
  if (path.startsWith('/pay-invoice/')) return pages.PayInvoice.preload();
  return (byPath[path] ?? pages.NotFound).preload();
};
