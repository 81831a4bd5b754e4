import type { BadgeTone } from '../../shared/billing-badges';
import type { WebhookDeliveryFieldsFragment, WebhookEndpointFieldsFragment, WebhookEndpointInput, WebhookEventType } from '../../gql/graphql';

export type WebhookEndpointView = WebhookEndpointFieldsFragment;
export type WebhookDeliveryView = WebhookDeliveryFieldsFragment;
export type { WebhookEventType };

/** Every event an endpoint can subscribe to, in the order the form lists them (the domain's). */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'INVOICE_ISSUED',
  'INVOICE_PAID',
  'INVOICE_OVERDUE',
  'CREDIT_NOTE_ISSUED',
  'PAYMENT_RECORDED',
  'PAYMENT_REFUNDED',
  'CLIENT_CREATED',
  'SUBSCRIPTION_CREATED',
  'SUBSCRIPTION_CANCELLED',
];

/** An event's technical name, as deliveries and the REST API name it: CREDIT_NOTE_ISSUED is credit_note.issued. */
export const restEventName = (event: WebhookEventType): string => {
  const lower = event.toLowerCase();
  const dot = lower.lastIndexOf('_');
  return `${lower.slice(0, dot)}.${lower.slice(dot + 1)}`;
};

/** The GraphQL name of a delivery's event type (invoice.paid is INVOICE_PAID); null for one this screen does not know. */
export const eventOfRestName = (name: string): WebhookEventType | null => {
  const event = name.replace('.', '_').toUpperCase() as WebhookEventType;
  return WEBHOOK_EVENT_TYPES.includes(event) ? event : null;
};

/** The state of the form's "All events" box: ticked, half (some), or not. */
export const allEventsState = (chosen: readonly WebhookEventType[]): { checked: boolean; indeterminate: boolean } => {
  const count = WEBHOOK_EVENT_TYPES.filter((e) => chosen.includes(e)).length;
  return { checked: count === WEBHOOK_EVENT_TYPES.length, indeterminate: count > 0 && count < WEBHOOK_EVENT_TYPES.length };
};

/**
 * Why an endpoint is disabled, as the screen words it: after three days of failed deliveries (with
 * the last failure's answer as the server gives it), by a user, or another reason in the server's
 * words; null while enabled. Read from `disabledBy` and `lastFailure`, never from the words.
 */
export type DisabledReason = { kind: 'failures'; last: string | null } | { kind: 'user' } | { kind: 'other'; text: string };

export type DisabledState = Pick<WebhookEndpointView, 'enabled' | 'disabledReason' | 'disabledBy' | 'lastFailure'>;

export const disabledReasonOf = (endpoint: DisabledState): DisabledReason | null => {
  if (endpoint.enabled) return null;
  if (endpoint.disabledBy === 'failures') return { kind: 'failures', last: endpoint.lastFailure ?? null };
  if (endpoint.disabledBy === 'user') return { kind: 'user' };
  return { kind: 'other', text: endpoint.disabledReason ?? '' };
};

/** An endpoint the product turned off after failing deliveries: the inbox says so. */
export const disabledByProduct = (endpoint: DisabledState): boolean => !endpoint.enabled && endpoint.disabledBy === 'failures';

/** What the add and edit forms hold. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export const NEW_ENDPOINT_VALUES: WebhookFormValues = { url: '', description: '', events: [], enabled: true };

export const endpointFormValues = (e: WebhookEndpointView): WebhookFormValues => ({ url: e.url, description: e.description, events: [...e.events], enabled: e.enabled });

/** A new endpoint's input: its events in the form's order. */
export const newEndpointInput = (values: WebhookFormValues): WebhookEndpointInput => ({
  url: values.url.trim(),
  description: values.description.trim(),
  events: WEBHOOK_EVENT_TYPES.filter((e) => values.events.includes(e)),
});

/**
 * What an edit changes, and only that: sending `enabled: false` again would replace why the
 * product disabled the endpoint with "by a user", so an unchanged switch is left out.
 */
export const endpointPatch = (before: WebhookEndpointView, values: WebhookFormValues): WebhookEndpointInput => {
  const patch: WebhookEndpointInput = {};
  const url = values.url.trim();
  const description = values.description.trim();
  const events = WEBHOOK_EVENT_TYPES.filter((e) => values.events.includes(e));
  if (url !== before.url) patch.url = url;
  if (description !== before.description) patch.description = description;
  if (events.length !== before.events.length || events.some((e) => !before.events.includes(e))) patch.events = events;
  if (values.enabled !== before.enabled) patch.enabled = values.enabled;
  return patch;
};

/** Whether a URL is one the server takes (http or https, no user name or password); the rest (where it leads) the server checks. */
export const webhookUrlProblem = (text: string): 'required' | 'invalid' | 'scheme' | 'credentials' | null => {
  const trimmed = text.trim();
  if (!trimmed) return 'required';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  return null;
};

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** A delivery's tag: its colour and the key of its words; a status the API may add later reads as pending. */
export const deliveryStatusOf = (status: string): { status: DeliveryStatus; tone: BadgeTone } => {
  switch (status) {
    case 'delivered':
      return { status: 'delivered', tone: 'success' };
    case 'failed':
      return { status: 'failed', tone: 'error' };
    default:
      return { status: 'pending', tone: 'warning' };
  }
};

/** The body sent, indented for reading; as it came when it is not JSON. */
export const prettyPayload = (payload: string): string => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
};

/** One attempt's answer: the receiver's HTTP status (2xx is success), or the error when no answer came. */
export const attemptOutcome = (attempt: { statusCode: number | null; error: string | null }): { ok: boolean; text: string } => {
  if (attempt.statusCode !== null) return { ok: attempt.statusCode >= 200 && attempt.statusCode < 300, text: `HTTP ${attempt.statusCode}` };
  return { ok: false, text: attempt.error ?? '—' };
};

/** How many deliveries the drawer asks for at a time. */
export const DELIVERIES_PAGE = 20;

/** The `before` of the next older page: the oldest shown delivery's sequence; undefined when none is shown. */
export const olderCursor = (deliveries: readonly Pick<WebhookDeliveryView, 'sequence'>[]): number | undefined =>
  deliveries.length ? Math.min(...deliveries.map((d) => d.sequence)) : undefined;

/** The shown deliveries with an older page after them, newest first, each once (a delivery made meanwhile cannot repeat one). */
export const withOlder = <D extends Pick<WebhookDeliveryView, 'id' | 'sequence'>>(shown: readonly D[], older: readonly D[]): D[] => {
  const seen = new Set(shown.map((d) => d.id));
  return [...shown, ...older.filter((d) => !seen.has(d.id))].sort((a, b) => b.sequence - a.sequence);
};
