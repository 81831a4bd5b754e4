import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { SsrPageData } from '../../api/contracts/ssr.contract';
import { AuthProvider } from './auth/AuthContext';
import { SiteDataProvider } from './ssr/siteData';

/** `data`: what the server rendered the page from (undefined for the client-rendered areas). */
export const AppProviders = ({ data, children }: { data?: SsrPageData; children: ReactNode }) => (
  <SiteDataProvider data={data}>
    <AuthProvider>
      <BrowserRouter>{children}</BrowserRouter>
    </AuthProvider>
  </SiteDataProvider>
);
