import type { SsrPageData } from '../../api/platform/contracts/ssr.contract';
import { PayLayout } from './layout/PayLayout';
import { PublicLayout } from './layout/PublicLayout';
import { PageLocationProvider, usePageLocation, type PageLocation } from './routing/pageLocation';
import { pageAt, pages } from './routing/pages';
import { SiteDataProvider } from './ssr/siteData';

/** The pay link's page has the payer's frame (no marketing navigation); every other page the site's. */
const CurrentPage = () => {
  const name = pageAt(usePageLocation().pathname);
  const Page = pages[name];
  const Layout = name === 'PayInvoice' ? PayLayout : PublicLayout;
  return (
    <Layout>
      <Page />
    </Layout>
  );
};

/**
 * The public website: one page per URL, rendered by the server and hydrated here from the same
 * data and location. No router: its links are plain links, each a full page load (the server
 * keeps its renderings), so react-router stays in the admin's and the portal's chunks.
 */
export const PublicSite = ({ data, location }: { data: SsrPageData | undefined; location: PageLocation }) => (
  <SiteDataProvider data={data}>
    <PageLocationProvider location={location}>
      <CurrentPage />
    </PageLocationProvider>
  </SiteDataProvider>
);
