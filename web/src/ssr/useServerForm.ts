import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { EARLY_SUBMIT_ATTR, EARLY_SUBMIT_TAKEOVER, type EarlySubmit } from '../../../api/platform/contracts/ssr.contract';

type Window = typeof window & { [EARLY_SUBMIT_TAKEOVER]?: (form: HTMLFormElement) => void };

/**
 * A server-rendered form is usable before the app runs: it can be typed into and sent. At the
 * commit that hydrates it this hands the app what the visitor did meanwhile:
 * - each named field whose value differs from the HTML's goes to `adopt`, so the state takes it
 *   over. This runs as a layout effect, whose updates render before any later event is handled:
 *   adopted in a passive effect, a key typed while the form hydrated rendered the state without
 *   the earlier text first, and React wrote that empty state into the field until the next render;
 * - a submit the early-submit script held (api/public/early-submit.ts) is sent again, through the
 *   app's own handler, once the state holds the adopted values;
 * - a submit the browser posted to the server keeps the form busy and deaf to more submits until
 *   the page is left (or shown again from the back-forward cache).
 * Answers whether the form is busy with such a submit.
 */
export const useServerForm = (form: RefObject<HTMLFormElement | null>, adopt: (name: string, value: string) => void): boolean => {
  const [early, setEarly] = useState<EarlySubmit>();
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    (window as Window)[EARLY_SUBMIT_TAKEOVER]?.(element);
    for (const field of Array.from(element.elements)) {
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.name && field.value !== field.defaultValue) adopt(field.name, field.value);
    }
    const submitted = element.getAttribute(EARLY_SUBMIT_ATTR);
    if (submitted === 'held' || submitted === 'posted') {
      // The form's own busy state takes over from the script's marks in the same commit.
      element.removeAttribute(EARLY_SUBMIT_ATTR);
      for (const button of Array.from(element.querySelectorAll('[aria-busy]'))) button.removeAttribute('aria-busy');
      setEarly(submitted);
    }
    // Once, at the hydrating commit: later changes go through the fields' own handlers.
  }, []);

  useEffect(() => {
    const element = form.current;
    if (!element || !early) return;
    if (early === 'held') {
      setEarly(undefined);
      element.requestSubmit();
      return;
    }
    const swallow = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
    };
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setEarly(undefined);
    };
    element.addEventListener('submit', swallow);
    window.addEventListener('pageshow', shown);
    return () => {
      element.removeEventListener('submit', swallow);
      window.removeEventListener('pageshow', shown);
    };
  }, [early, form]);

  return early !== undefined;
};
