import type { SiteLanguage } from '../../../domain/site/site-map';
import type { CompanyInfo, PublicInvoiceWire } from './rest.contract';

/** The answer to a contact or demo form posted without scripts, shown by the same page. */
export interface SsrFormState {
  form: 'contact' | 'demo';
  /** What was posted (kept after an error so nothing is lost; empty after a success). */
  values: Record<string, string>;
  /** The server's field errors (the spec's English texts; the page translates them). */
  errors: Record<string, string>;
  sent: boolean;
  /** The server's message when not sent (translated by the page when it knows it). */
  message?: string;
}

/** A checkout that could not start: the pay page's error texts `payInvoice.errors.*`. */
export type SsrCheckoutError = 'createSession' | 'alreadyPaid';

/**
 * What a server-rendered page was rendered from. It travels in the HTML (a JSON data block), so the
 * browser's first render, the hydration, starts from exactly the same data.
 */
export interface SsrPageData {
  lng: SiteLanguage;
  /** The server's calendar day (YYYY-MM-DD): dates on the page are written from it. */
  today: string;
  company?: CompanyInfo;
  form?: SsrFormState;
  /** The pay link's invoice; null when there is none with that id. */
  invoice?: { id: string; found: PublicInvoiceWire | null };
  /** Why a Pay Now posted without scripts did not reach the checkout (the page shows it). */
  checkoutError?: SsrCheckoutError;
}

export type Translations = Record<string, unknown>;

export interface SsrRenderInput {
  /** Path and query string. */
  url: string;
  data: SsrPageData;
  /** Every site language's translation file, as built. */
  translations: Record<SiteLanguage, Translations>;
}

export interface SsrRenderOutput {
  /** The React tree's HTML, to go inside #root. */
  html: string;
  /** antd's CSS-in-JS for that HTML (<style> elements for the head). */
  styles: string;
  /** Source paths (relative to web/) of the route's modules, to link their built CSS. */
  modules: string[];
}

/** The server entry (web/src/ssr/entry-server.tsx, built by `vite build --ssr`). */
export interface SsrEntry {
  render: (input: SsrRenderInput) => Promise<SsrRenderOutput>;
}

/** Id of the JSON data block holding SsrPageData. */
export const SSR_DATA_ID = 'ssr-data';

/**
 * A form submitted before the app has taken the page over (api/public/early-submit.ts marks it,
 * web/src/ssr/useServerForm.ts carries it out): `held` when the form has no server fallback (no
 * `action`: the sign-in) and the app sends it once it runs; `posted` when the browser posted it
 * to the server (contact, demo request, Pay Now), which answers without scripts.
 */
export const EARLY_SUBMIT_ATTR = 'data-early-submit';
export type EarlySubmit = 'held' | 'posted';

/**
 * The page's global the app calls with each form it has hydrated: that form's submits are the
 * app's own from then on. (React does not hydrate a form for a submit event alone, as it does for
 * a key or a click: a submit reaching a form not yet hydrated goes by React unseen.)
 */
export const EARLY_SUBMIT_TAKEOVER = '__formTakenOver';
