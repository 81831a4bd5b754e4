import { useEffect, type RefObject } from 'react';

/**
 * A server-rendered form can be typed into before the scripts take it over; React keeps its own
 * (empty) state and would wipe what was typed at the next render. Once mounted, every named field
 * whose value differs from the HTML's is handed to `adopt`, so the state takes it over.
 */
export const useTypedBeforeHydration = (form: RefObject<HTMLFormElement | null>, adopt: (name: string, value: string) => void): void => {
  useEffect(() => {
    for (const field of Array.from(form.current?.elements ?? [])) {
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.name && field.value !== field.defaultValue) adopt(field.name, field.value);
    }
    // Once, at mount: later changes go through the fields' own handlers.
  }, []);
};
