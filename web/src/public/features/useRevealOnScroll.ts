import { useEffect, useRef, useState } from 'react';

export const REVEAL_THRESHOLD = 0.1;

/** True once the element is 10% visible; at once where IntersectionObserver is missing. */
export const useRevealOnScroll = <T extends Element>() => {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, visible };
};
