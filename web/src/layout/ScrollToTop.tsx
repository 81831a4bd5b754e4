import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** A new page starts at its top, as with a full page load; hash links keep their target. */
export const ScrollToTop = () => {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
};
