import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { SSR_DATA_ID, type SsrFormState, type SsrPageData } from '../../../api/platform/contracts/ssr.contract';
import { localToday } from '../common/today';

const SiteDataContext = createContext<SsrPageData | undefined>(undefined);

/** The data the server rendered the page from: the same on the server and in the hydrating browser. */
export const SiteDataProvider = ({ data, children }: { data: SsrPageData | undefined; children: ReactNode }) => (
  <SiteDataContext.Provider value={data}>{children}</SiteDataContext.Provider>
);

/** Undefined in the client-rendered areas (and in tests rendering components on their own). */
export const useSiteData = (): SsrPageData | undefined => useContext(SiteDataContext);

/** The server's data block in a server-rendered page, if this page is one. */
export const readSsrData = (): SsrPageData | undefined => {
  const text = document.getElementById(SSR_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SsrPageData;
  } catch {
    return undefined;
  }
};

const noSubscription = () => () => undefined;

/**
 * False on the server and while hydrating, true afterwards: what only the browser knows (its own
 * clock, say) is rendered after hydration, so the hydrating render matches the server's HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The day dates on the page are written from: the server's on a server-rendered page, else the browser's. */
export const usePageDay = (): string => useSiteData()?.today ?? localToday();

/** The no-script answer to this form, if the page is one (read once: the first mount of the form). */
export const useSsrForm = (form: SsrFormState['form']): SsrFormState | undefined => {
  const data = useSiteData();
  const answer = data?.form?.form === form ? data.form : undefined;
  useEffect(() => {
    // Shown once: coming back to the page later starts with an empty form.
    if (data && answer) data.form = undefined;
  }, [data, answer]);
  return answer;
};
