import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { withoutTrailingSlashes } from '../../../domain/shared/text';

/** Where the page is: what the public site reads of its URL (no router there, every link is a full page load). */
export interface PageLocation {
  pathname: string;
  /** With its `?`, or empty. */
  search: string;
  /** With its `#`, or empty (the server never sees it). */
  hash: string;
}

const PageLocationContext = createContext<PageLocation | undefined>(undefined);

/**
 * Fed by the server's request URL while rendering, by `window.location` in the hydrating browser,
 * and by the router's location in the admin and portal, so shared components read one context.
 */
export const PageLocationProvider = ({ location, children }: { location: PageLocation; children: ReactNode }) => (
  <PageLocationContext.Provider value={location}>{children}</PageLocationContext.Provider>
);

/** A request URL (path and query string, as the server gets it) as a location. */
export const locationOf = (url: string): PageLocation => {
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  return { pathname, search, hash };
};

export const browserLocation = (): PageLocation => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

export const usePageLocation = (): PageLocation => {
  const location = useContext(PageLocationContext);
  if (!location) throw new Error('usePageLocation must be used inside <PageLocationProvider>');
  return location;
};

export const useSearchParams = (): URLSearchParams => {
  const { search } = usePageLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
};

/** Whether a link to `to` is the current page or a page below it (react-router's NavLink rule). */
export const isActivePath = (pathname: string, to: string): boolean => {
  const path = withoutTrailingSlashes(pathname);
  return path === to || (to !== '/' && path.startsWith(`${to}/`));
};
