import { describe, expect, it } from 'vitest';
import {
  allEventsState,
  attemptOutcome,
  deliveryStatusOf,
  disabledByProduct,
  disabledReasonOf,
  endpointPatch,
  eventOfRestName,
  newEndpointInput,
  olderCursor,
  prettyPayload,
  restEventName,
  WEBHOOK_EVENT_TYPES,
  webhookUrlProblem,
  withOlder,
  type WebhookEndpointView,
} from './webhooks';

const endpoint = (over: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  id: 'e1',
  url: 'https://example.com/hooks',
  description: 'Data warehouse',
  events: ['INVOICE_PAID', 'CLIENT_CREATED'],
  enabled: true,
  disabledReason: null,
  disabledBy: null,
  lastFailure: null,
  createdAt: '2026-05-01T09:00:00.000Z',
  ...over,
});

describe('webhook events', () => {
  it('have their technical names, as deliveries and the REST API name them, both ways', () => {
    expect(WEBHOOK_EVENT_TYPES.map(restEventName)).toEqual([
      'invoice.issued',
      'invoice.paid',
      'invoice.overdue',
      'credit_note.issued',
      'payment.recorded',
      'payment.refunded',
      'client.created',
      'subscription.created',
      'subscription.cancelled',
    ]);
    expect(WEBHOOK_EVENT_TYPES.map((e) => eventOfRestName(restEventName(e)))).toEqual(WEBHOOK_EVENT_TYPES);
    expect(eventOfRestName('invoice.exploded')).toBeNull();
  });

  it('tick "All events" when every event is chosen, half when some are', () => {
    expect(allEventsState([])).toEqual({ checked: false, indeterminate: false });
    expect(allEventsState(['INVOICE_PAID'])).toEqual({ checked: false, indeterminate: true });
    expect(allEventsState([...WEBHOOK_EVENT_TYPES])).toEqual({ checked: true, indeterminate: false });
  });
});

describe('a disabled endpoint', () => {
  it('says it was disabled after three days of failures, with the last failure as the server gives it, whatever the words', () => {
    const failing = endpoint({ enabled: false, disabledBy: 'failures', lastFailure: 'HTTP 503', disabledReason: 'Disabled after three days of failed deliveries (last: HTTP 503).' });
    expect(disabledReasonOf(failing)).toEqual({ kind: 'failures', last: 'HTTP 503' });
    expect(disabledReasonOf(endpoint({ enabled: false, disabledBy: 'failures', lastFailure: 'connect ECONNREFUSED 127.0.0.1:9 (x)', disabledReason: 'Anders formuliert.' }))).toEqual({
      kind: 'failures',
      last: 'connect ECONNREFUSED 127.0.0.1:9 (x)',
    });
    expect(disabledByProduct(failing)).toBe(true);
  });

  it('by a user is not news for the inbox; an enabled one has no reason', () => {
    const byUser = endpoint({ enabled: false, disabledBy: 'user', disabledReason: 'Disabled by a user.' });
    expect(disabledReasonOf(byUser)).toEqual({ kind: 'user' });
    expect(disabledByProduct(byUser)).toBe(false);
    expect(disabledReasonOf(endpoint())).toBeNull();
    expect(disabledByProduct(endpoint())).toBe(false);
    expect(disabledReasonOf(endpoint({ enabled: false, disabledReason: 'Something new.' }))).toEqual({ kind: 'other', text: 'Something new.' });
  });
});

describe('the endpoint forms', () => {
  it('send a new endpoint trimmed, its events in the list’s order', () => {
    expect(newEndpointInput({ url: ' https://example.com/h ', description: ' DW ', events: ['CLIENT_CREATED', 'INVOICE_ISSUED'], enabled: true })).toEqual({
      url: 'https://example.com/h',
      description: 'DW',
      events: ['INVOICE_ISSUED', 'CLIENT_CREATED'],
    });
  });

  it('send only what an edit changed: an untouched switch keeps why the product disabled it', () => {
    const failing = endpoint({ enabled: false, disabledBy: 'failures', lastFailure: 'HTTP 503', disabledReason: 'Disabled after three days of failed deliveries (last: HTTP 503).' });
    expect(endpointPatch(failing, { url: failing.url, description: 'New words', events: ['CLIENT_CREATED', 'INVOICE_PAID'], enabled: false })).toEqual({ description: 'New words' });
    expect(endpointPatch(failing, { url: 'https://example.org/h', description: failing.description, events: ['INVOICE_PAID'], enabled: true })).toEqual({
      url: 'https://example.org/h',
      events: ['INVOICE_PAID'],
      enabled: true,
    });
    expect(endpointPatch(endpoint(), { url: 'https://example.com/hooks', description: 'Data warehouse', events: ['INVOICE_PAID', 'CLIENT_CREATED'], enabled: false })).toEqual({ enabled: false });
  });

  it('check a URL as far as the browser can: http or https, without a user name or password', () => {
    expect(webhookUrlProblem('')).toBe('required');
    expect(webhookUrlProblem('not a url')).toBe('invalid');
    expect(webhookUrlProblem('ftp://example.com/x')).toBe('scheme');
    expect(webhookUrlProblem('https://user:pw@example.com/')).toBe('credentials');
    expect(webhookUrlProblem(' http://127.0.0.1:8080/hooks ')).toBeNull();
  });
});

describe('deliveries', () => {
  it('read their status as a tag; one the API adds later as pending', () => {
    expect(['delivered', 'failed', 'pending', 'queued'].map(deliveryStatusOf)).toEqual([
      { status: 'delivered', tone: 'success' },
      { status: 'failed', tone: 'error' },
      { status: 'pending', tone: 'warning' },
      { status: 'pending', tone: 'warning' },
    ]);
  });

  it('show their body indented, or as it came when it is not JSON', () => {
    expect(prettyPayload('{"id":"evt_1","data":{"name":"Hook Ltd"}}')).toBe('{\n  "id": "evt_1",\n  "data": {\n    "name": "Hook Ltd"\n  }\n}');
    expect(prettyPayload('not json')).toBe('not json');
  });

  it('show each attempt’s HTTP status, or the error when no answer came', () => {
    expect(attemptOutcome({ statusCode: 200, error: null })).toEqual({ ok: true, text: 'HTTP 200' });
    expect(attemptOutcome({ statusCode: 503, error: null })).toEqual({ ok: false, text: 'HTTP 503' });
    expect(attemptOutcome({ statusCode: null, error: 'connect ECONNREFUSED 127.0.0.1:9' })).toEqual({ ok: false, text: 'connect ECONNREFUSED 127.0.0.1:9' });
  });

  it('page back from the oldest shown, each delivery once, newest first', () => {
    const shown = [{ id: 'd5', sequence: 5 }, { id: 'd4', sequence: 4 }];
    expect(olderCursor(shown)).toBe(4);
    expect(olderCursor([])).toBeUndefined();
    expect(withOlder(shown, [{ id: 'd4', sequence: 4 }, { id: 'd2', sequence: 2 }, { id: 'd3', sequence: 3 }]).map((d) => d.id)).toEqual(['d5', 'd4', 'd3', 'd2']);
  });
});
