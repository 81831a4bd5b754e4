import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeWebhooks } from '../api/payments/stripe-client';
import type { TestClient } from './server';

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

/** A balance transaction as Stripe keeps it: what moved, what Stripe kept, and the payout that settled it. */
export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  type: 'charge' | 'refund' | 'adjustment';
  /** In the account's currency (euros), converted from the charge's at `exchange_rate` when that was another. */
  amount: number;
  currency: 'eur';
  exchange_rate: number | null;
  fee: number;
  net: number;
  source: string;
  payment_intent: string;
  payout: string | null;
  /** Unix seconds, as Stripe's objects carry it. */
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  /** The charge's (lower case). */
  currency: string;
  /** Its balance transaction's id (the object itself where a call expands it), in euros. */
  balance_transaction: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  created: number;
  metadata: Record<string, string>;
  reason: string | null;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  /** The charge's (lower case); its balance transactions are in euros. */
  currency: string;
  reason: string;
  status: string;
  created: number;
  balance_transactions: FakeBalanceTransaction[];
}

export interface FakePayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: 'eur';
  arrival_date: number;
  status: 'paid' | 'failed';
}

/** European card pricing, distinct from the simulated gateway's so tests see the real fee flow: 1.4 % + €0.25. */
export const fakeFeeCents = (amount: number): number => Math.round(amount * 0.014) + 25;
export const DISPUTE_FEE_CENTS = 2000;

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
  /** `created`: when the customer paid (Unix seconds), the payment intent's and its charge's time. */
  const intents = new Map<string, { id: string; amount: number; currency: string; metadata: Record<string, string>; charge: string; created: number; txn: FakeBalanceTransaction; txnPending: boolean }>();
  /** Units of a currency per euro Stripe converts a charge in it at (`settleAt`); euros need none. */
  const settlementRates = new Map<string, number>();
  /** An amount of `currency` (lower case) in euros at the rate set for it, as Stripe converts onto the euro balance. */
  const inEuros = (amount: number, currency: string): number => {
    if (currency === 'eur') return amount;
    const rate = settlementRates.get(currency);
    if (rate === undefined) throw new Error(`no settlement rate for ${currency}: call settleAt first`);
    return Math.round(amount / rate);
  };
  let heldDaysAgo: number | null = null;
  const transactions: FakeBalanceTransaction[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  const payouts = new Map<string, FakePayout>();
  const now = () => Math.floor(Date.now() / 1000);
  const txn = (type: FakeBalanceTransaction['type'], amount: number, fee: number, source: string, paymentIntent: string): FakeBalanceTransaction => {
    const t: FakeBalanceTransaction = { id: id('txn_'), object: 'balance_transaction', type, amount, currency: 'eur', exchange_rate: null, fee, net: amount - fee, source, payment_intent: paymentIntent, payout: null, created: now() };
    transactions.push(t);
    return t;
  };
  /** A refund with its balance transaction as an object when the call's `expand` asks for `path`, as Stripe answers. */
  const expandedRefund = (r: FakeRefund, params: Nested, path: string): FakeRefund | (Omit<FakeRefund, 'balance_transaction'> & { balance_transaction: FakeBalanceTransaction }) => {
    const expand = params.expand as unknown;
    const asked = Array.isArray(expand) ? expand.includes(path) : expand === path;
    const t = asked ? transactions.find((x) => x.id === r.balance_transaction) : undefined;
    return t ? { ...r, balance_transaction: t } : r;
  };
  const refundedOf = (pi: string) => [...refunds.values()].filter((r) => r.payment_intent === pi && r.status !== 'failed' && r.status !== 'canceled').reduce((s, r) => s + r.amount, 0);
  const intentObject = (pi: string) => {
    const intent = intents.get(pi)!;
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      status: 'succeeded',
      created: intent.created,
      metadata: intent.metadata,
      latest_charge: { id: intent.charge, object: 'charge', payment_intent: intent.id, amount: intent.amount, created: intent.created, balance_transaction: intent.txnPending ? null : intent.txn },
    };
  };

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
      const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && intentMatch) {
        const pi = decodeURIComponent(intentMatch[1]!);
        return intents.has(pi) ? send(200, intentObject(pi)) : send(404, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${pi}'` } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const previous = key ? refundsByKey.get(key) : undefined;
        if (previous) return send(200, previous);
        const pi = String(params.payment_intent);
        const intent = intents.get(pi);
        if (!intent) return send(400, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${pi}'` } });
        const amount = params.amount === undefined ? intent.amount - refundedOf(pi) : Number(params.amount);
        if (amount > intent.amount - refundedOf(pi)) {
          return send(400, { error: { type: 'invalid_request_error', message: `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${(intent.amount - refundedOf(pi)) / 100})` } });
        }
        const refundId = id('re_');
        // Off the euro balance at the rate set for the charge's currency now, as Stripe converts it.
        const t = txn('refund', -inEuros(amount, intent.currency), 0, refundId, pi);
        const refund: FakeRefund = { id: refundId, object: 'refund', amount, currency: intent.currency, balance_transaction: t.id, payment_intent: pi, charge: intent.charge, status: 'succeeded', created: now(), metadata: (params.metadata as Record<string, string>) ?? {}, reason: null };
        refunds.set(refund.id, refund);
        if (key) refundsByKey.set(key, refund);
        return send(200, expandedRefund(refund, params, 'balance_transaction'));
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const pi = String(params.payment_intent);
        const data = [...refunds.values()].filter((r) => r.payment_intent === pi).map((r) => expandedRefund(r, params, 'data.balance_transaction'));
        return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') {
        const payout = String(params.payout);
        const data = transactions
          .filter((t) => t.payout === payout)
          .map((t) => ({ ...t, source: t.type === 'charge' ? { id: t.source, object: 'charge', payment_intent: t.payment_intent } : t.type === 'refund' ? { id: t.source, object: 'refund', payment_intent: t.payment_intent } : { id: t.source, object: 'dispute', payment_intent: t.payment_intent } }));
        return send(200, { object: 'list', data, has_more: false, url: '/v1/balance_transactions' });
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
    /**
     * Marks a session paid (or completed awaiting an async method) as Stripe would after checkout;
     * `paidAt` (default now) is when the customer paid: its payment intent's and charge's time.
     */
    complete(sessionId: string, paymentStatus: FakeSession['payment_status'] = 'paid', paidAt = new Date()): FakeSession {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = paymentStatus;
      session.payment_intent ??= id('pi_test_');
      if (paymentStatus === 'paid' && !intents.has(session.payment_intent)) {
        const charge = id('ch_');
        const created = Math.floor(paidAt.getTime() / 1000);
        // A charge in another currency lands on the euro balance converted at the rate set for it.
        const euros = inEuros(session.amount_total, session.currency);
        const rate = session.currency === 'eur' ? 1 : settlementRates.get(session.currency)!;
        const t = txn('charge', euros, fakeFeeCents(euros), charge, session.payment_intent);
        if (rate !== 1) t.exchange_rate = 1 / rate;
        if (heldDaysAgo !== null) t.created -= heldDaysAgo * 86400;
        intents.set(session.payment_intent, { id: session.payment_intent, amount: session.amount_total, currency: session.currency, metadata: session.metadata, charge, created, txn: t, txnPending: heldDaysAgo !== null });
        heldDaysAgo = null;
      }
      return session;
    },
    /**
     * The next completed payment's charge shows no balance transaction (Stripe leaves it null until
     * the charge settles) and its transaction is dated `daysAgo` back: only a payout reveals its fee.
     */
    /** Charges in `currency` (lower case, two-decimal) settle in euros at `unitsPerEuro`, as Stripe converts them. */
    settleAt(currency: string, unitsPerEuro: number) {
      settlementRates.set(currency, unitsPerEuro);
    },
    holdNextBalanceTransaction(daysAgo: number) {
      heldDaysAgo = daysAgo;
    },
    refunds,
    disputes,
    payouts,
    transactions,
    /**
     * The cardholder disputes a payment: Stripe withdraws the amount and its dispute fee from the
     * euro balance (a charge in another currency converted at the rate set for it now).
     */
    dispute(paymentIntent: string, reason = 'fraudulent'): FakeDispute {
      const intent = intents.get(paymentIntent);
      if (!intent) throw new Error(`no fake payment intent ${paymentIntent}`);
      const disputeId = id('dp_');
      const euros = inEuros(intent.amount, intent.currency);
      const d: FakeDispute = {
        id: disputeId,
        object: 'dispute',
        amount: intent.amount,
        charge: intent.charge,
        payment_intent: paymentIntent,
        currency: intent.currency ?? 'eur',
        reason,
        status: 'needs_response',
        created: now(),
        balance_transactions: [txn('adjustment', -euros, DISPUTE_FEE_CENTS, disputeId, paymentIntent)],
      };
      disputes.set(d.id, d);
      return d;
    },
    /** Closes a dispute: won reinstates the amount (in euros at the rate set now; the fee stays kept), lost keeps it withdrawn. */
    closeDispute(disputeId: string, outcome: 'won' | 'lost'): FakeDispute {
      const d = disputes.get(disputeId)!;
      d.status = outcome;
      if (outcome === 'won') d.balance_transactions.push(txn('adjustment', inEuros(d.amount, d.currency), 0, d.id, d.payment_intent));
      return d;
    },
    /** A refund that the bank could not deliver: its amount comes back to the balance. */
    failRefund(refundId: string): FakeRefund {
      const r = refunds.get(refundId)!;
      r.status = 'failed';
      // The euros its refund took come back, as Stripe's refund_failure transaction gives them.
      txn('adjustment', -(transactions.find((x) => x.id === r.balance_transaction)?.amount ?? -r.amount), 0, r.id, r.payment_intent);
      return r;
    },
    /** Pays everything not yet paid out to the bank, as an automatic payout does. */
    payout(): FakePayout | undefined {
      const pending = transactions.filter((t) => t.payout === null);
      if (pending.length === 0) return undefined;
      const p: FakePayout = { id: id('po_'), object: 'payout', amount: pending.reduce((s, t) => s + t.net, 0), currency: 'eur', arrival_date: now(), status: 'paid' };
      pending.forEach((t) => (t.payout = p.id));
      payouts.set(p.id, p);
      return p;
    },
    /** What Stripe holds that no payout has settled: the clearing account must equal it after every payout. */
    pendingNetCents: () => transactions.filter((t) => t.payout === null).reduce((s, t) => s + t.net, 0),
    failNextRequest(status = 400, message = 'Simulated failure') {
      failNext = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/**
 * POSTs a Stripe event of `type` about `object` to the webhook endpoint, signed with `secret` by the
 * SDK's own helper, as Stripe delivers it. `eventId` repeats a delivery; `created` (default now)
 * is when Stripe says it happened, which dates what the event records.
 */
export const deliverStripeEvent = (client: TestClient, secret: string, type: string, object: object, eventId = id('evt_'), created = new Date()) => {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(created.getTime() / 1000), data: { object } });
  return client.agent
    .post('/api/stripe/webhook/')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', stripeWebhooks.generateTestHeaderString({ payload, secret }))
    .send(payload);
};
