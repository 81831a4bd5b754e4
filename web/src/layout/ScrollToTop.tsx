import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page starts at its top, as with a full page load; hash links keep their target. Not on the
 * first render: the page was already there (server-rendered) and the visitor may have scrolled it.
 */
export const ScrollToTop = () => {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
};
