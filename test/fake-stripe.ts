import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One API call as the fake received it, with the form body decoded into nested objects. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Record<string, unknown>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
}

type Nested = Record<string, unknown>;

/** Decodes Stripe's form encoding (`line_items[0][price_data][currency]=eur`) into objects and arrays. */
export const decodeStripeForm = (body: string): Nested => {
  const root: Nested = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Nested = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Nested;
    });
  }
  return root;
};

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/**
 * A small stand-in for the Stripe API over real HTTP, for the SDK's host/port/protocol options.
 * It keeps every request for assertions, answers repeated idempotency keys with the first
 * response (as Stripe does), and lets a test complete sessions or make the next call fail.
 */
export const startFakeStripe = async () => {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  let failNext: { status: number; message: string } | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = req.method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(body);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req_'), 'stripe-should-retry': 'false' });
        res.end(JSON.stringify(payload));
      };
      if (failNext) {
        const failure = failNext;
        failNext = undefined;
        return send(failure.status, { error: { type: 'invalid_request_error', message: failure.message } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const previous = key ? byIdempotencyKey.get(key) : undefined;
        if (previous) return send(200, previous);
        const lineItems = params.line_items as { price_data: { unit_amount: string } }[];
        const sessionId = id('cs_test_');
        const session: FakeSession = {
          id: sessionId,
          object: 'checkout.session',
          mode: String(params.mode),
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: lineItems.reduce((sum, li) => sum + Number(li.price_data.unit_amount), 0),
          currency: String(params.currency ?? 'eur'),
          customer_email: (params.customer_email as string | undefined) ?? null,
          client_reference_id: (params.client_reference_id as string | undefined) ?? null,
          metadata: (params.metadata as Record<string, string>) ?? {},
          success_url: String(params.success_url),
          cancel_url: String(params.cancel_url),
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        };
        sessions.set(sessionId, session);
        if (key) byIdempotencyKey.set(key, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        return session ? send(200, session) : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    /** Marks a session paid (or completed awaiting an async method) as Stripe would after checkout. */
    complete(sessionId: string, paymentStatus: FakeSession['payment_status'] = 'paid'): FakeSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent ??= id('pi_test_');
      return session;
    },
    failNextRequest(status = 400, message = 'Simulated failure') {
      failNext = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
