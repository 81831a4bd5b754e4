import { useEffect, useMemo, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../auth/AuthContext';
import { RequireAuth } from '../auth/RequireAuth';
import { PageLocationProvider } from '../routing/pageLocation';
import { pages } from '../routing/pages';

/** Shared components (the language switcher, the payment return) read the router's location here. */
const RouterLocation = ({ children }: { children: ReactNode }) => {
  const { pathname, search, hash } = useLocation();
  const location = useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
  return <PageLocationProvider location={location}>{children}</PageLocationProvider>;
};

/** Any other path is a page of the public site (/login after logging out, say): the server renders it, so load it in full. */
const PublicPage = () => {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return null;
};

/** The admin and the portal (a lazy chunk, with react-router): rendered in the browser, behind the session check. */
export const AreaApp = () => (
  <AuthProvider>
    <BrowserRouter>
      <RouterLocation>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <RequireAuth superuser>
                <pages.Admin />
              </RequireAuth>
            }
          />
          <Route
            path="/portal/*"
            element={
              <RequireAuth>
                <pages.Portal />
              </RequireAuth>
            }
          />
          <Route path="*" element={<PublicPage />} />
        </Routes>
      </RouterLocation>
    </BrowserRouter>
  </AuthProvider>
);
