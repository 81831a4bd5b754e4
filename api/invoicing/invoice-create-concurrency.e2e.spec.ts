import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../../eventstore/event-store';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from './test/fixtures';

const YEAR = 2031;
const CREATE = 'mutation($i: InvoiceInput!) { createInvoice(input: $i) { id invoiceNumber } }';

type Outcome = { kind: 'created'; id: string; number: string } | { kind: 'refused'; status: number };

/** Every InvoiceIssued of the store, in the order its readers see them. */
const issuedInReadOrder = async (server: TestServer): Promise<RecordedEvent[]> => {
  const out: RecordedEvent[] = [];
  let after: Position | undefined;
  for (;;) {
    const page = await server.runtime.deps.eventStore.readAll({ after, limit: 100, eventTypes: ['InvoiceIssued'] });
    out.push(...page.events);
    if (!page.hasMore) return out;
    after = page.lastPosition;
  }
};

describe.each(testBackends())('invoices created by 50 concurrent clients on $name', (backend) => {
  let server: TestServer;
  let admins: TestClient[];
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date(`${YEAR}-03-15T10:00:00Z`) });
    // Five signed-in admins share the 50 requests, as several people and an import would.
    admins = [];
    for (let i = 0; i < 5; i++) admins.push(await adminOf(server));
    clientId = (await createClient(admins[0]!)).id;
    await createInvoice(admins[0]!, { client: clientId, invoice_number: 'TYPED-1', date: `${YEAR}-03-01`, due_date: `${YEAR}-03-31` });
  });
  afterAll(() => server?.close());

  it('numbers them gap-free in the order their events are read, each readable as soon as it is answered', async () => {
    // 40 good creates over REST and GraphQL, among them 10 that are refused inside the group commit:
    // a due date before the date (the domain refuses it) and a number that is taken (409).
    const create = async (i: number): Promise<Outcome> => {
      const admin = admins[i % admins.length]!;
      const refused = i % 5 === 4;
      const dueDate = refused && i % 10 === 4 ? `${YEAR}-02-01` : `${YEAR}-03-31`;
      const typed = refused && i % 10 === 9 ? 'TYPED-1' : undefined;
      if (i % 2 === 0) {
        const res = await admin.post('/api/invoices/', { client: clientId, date: `${YEAR}-03-01`, due_date: dueDate, invoice_number: typed, items: [{ description: `Line ${i}`, quantity: 1, unit_price: 100 + i }] });
        if (res.status !== 201) return { kind: 'refused', status: res.status };
        return { kind: 'created', id: res.body.id, number: res.body.invoice_number };
      }
      const res = await admin.graphql(CREATE, { i: { clientId, date: `${YEAR}-03-01`, dueDate, invoiceNumber: typed, items: [{ description: `Line ${i}`, unitPrice: 100 + i }] } });
      const created = res.body.data?.createInvoice as { id: string; invoiceNumber: string } | undefined;
      if (!created) return { kind: 'refused', status: res.body.errors[0].extensions.code === 'CONFLICT' ? 409 : 400 };
      return { kind: 'created', id: created.id, number: created.invoiceNumber };
    };
    const readBack: { id: string; number: string; status: number; listed: string | undefined }[] = [];
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const outcome = await create(i);
        if (outcome.kind === 'created') {
          // Read-your-writes: the read model has the invoice the moment its create answered.
          const res = await admins[(i + 1) % admins.length]!.get(`/api/invoices/${outcome.id}/`);
          readBack.push({ id: outcome.id, number: outcome.number, status: res.status, listed: res.body.invoice_number });
        }
        return outcome;
      }),
    );

    const created = outcomes.filter((o): o is Extract<Outcome, { kind: 'created' }> => o.kind === 'created');
    expect(outcomes.filter((o) => o.kind === 'refused').map((o) => (o as { status: number }).status).sort()).toEqual([...Array(5).fill(400), ...Array(5).fill(409)]);
    const expected = Array.from({ length: 40 }, (_, k) => `${YEAR}-${String(k + 1).padStart(6, '0')}`);
    expect(created.map((c) => c.number).sort()).toEqual(expected);
    expect(readBack).toHaveLength(40);
    for (const r of readBack) expect(r).toEqual({ id: r.id, number: r.number, status: 200, listed: r.number });

    // In the order of the commits: a reader of the event store meets them by ascending number.
    const issued = (await issuedInReadOrder(server)).map((e) => (e.data as { invoiceNumber: string }).invoiceNumber).filter((n) => n.startsWith(`${YEAR}-`));
    expect(issued).toEqual(expected);
    const rows = await server.testDb.db('document_numbers').where({ series: 'invoice', year: YEAR }).orderBy('sequence').select('number', 'status');
    expect(rows).toEqual(expected.map((number) => ({ number, status: 'issued' })));
  });
});
