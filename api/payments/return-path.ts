import { ValidationError } from '../../domain/shared/errors';
import { withoutTrailingSlashes } from '../../domain/shared/text';
import { isUuid } from '../platform/wire';

/** Pages a checkout may return to: the portal, the admin client and invoice pages, the pay page. */
const KNOWN_PATHS = [/^\/portal(\/dashboard)?$/, /^\/admin\/invoices$/];
/** Known pages named by an id: the prefix, then one path segment that is a UUID. */
const KNOWN_ID_PATHS = ['/admin/clients/', '/pay-invoice/'];
const isKnownPath = (path: string) =>
  KNOWN_PATHS.some((re) => re.test(path)) || KNOWN_ID_PATHS.some((prefix) => path.startsWith(prefix) && isUuid(path.slice(prefix.length)));

export const payPagePath = (invoiceId: string): string => `/pay-invoice/${invoiceId}`;

/**
 * The page the customer comes back to. Only our own known paths are accepted, so the checkout
 * can never be turned into an open redirect; no value means the public pay page.
 */
export const resolveReturnPath = (returnTo: string | null | undefined, invoiceId: string): string => {
  if (returnTo === undefined || returnTo === null || returnTo === '') return payPagePath(invoiceId);
  const path = withoutTrailingSlashes(returnTo.split(/[?#]/)[0]!);
  if (isKnownPath(path)) return path;
  throw new ValidationError('Please correct the errors below.', { return_to: ['This return page is not allowed.'] });
};

/** Stripe substitutes `{CHECKOUT_SESSION_ID}` itself, so the braces must stay unencoded. */
export const returnUrls = (publicBaseUrl: string, path: string) => ({
  successUrl: `${publicBaseUrl}${path}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${publicBaseUrl}${path}?payment=cancelled`,
});

/** `scheme://host[:port]` of a request, or undefined when it is not a plain http(s) origin. */
const plainOrigin = (origin: string | undefined): string | undefined => {
  if (!origin) return undefined;
  try {
    const url = new URL(origin);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.pathname !== '/' || url.search) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
};

/**
 * Where a checkout returns to. With PUBLIC_BASE_URL unset outside production, the origin of the
 * request that opened it: a visitor on 127.0.0.1 or a LAN address comes back to the origin that
 * holds their session, not to localhost. Otherwise the configured base: a Host header is the
 * caller's to choose, so it never decides where a production checkout sends a customer.
 */
export const checkoutBaseUrl = (config: { publicBaseUrl: string; returnToRequestOrigin: boolean }, requestOrigin: string | undefined): string =>
  (config.returnToRequestOrigin && plainOrigin(requestOrigin)) || config.publicBaseUrl;
