import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

/**
 * Issue 38's invariant on generated histories, through the whole product: invoices issued, a
 * camt.053 statement written from what their clients paid (most lines with the invoice's intact RF
 * reference, some without one, some with a digit mistyped, some paying two invoices at once, some
 * partial) and expenses paid from the account. Imported: auto-reconciliation matches only lines whose
 * reference is intact, each to its own invoice. Every other line is then reconciled by hand, and the
 * money account's ledger balance on the closing day is the statement's closing balance, proven by
 * the report with nothing left over.
 */

const IBAN = 'GR1601101250000000012300695';

/** A small deterministic generator (mulberry32), so a failing seed can be run again. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Kind = 'intact' | 'partial' | 'missing' | 'mistyped' | 'combined' | 'expense';
interface Planned {
  kind: Kind;
  cents: number;
  text: string;
  invoices: Array<{ id: string; cents: number }>;
}

const decimal = (cents: number) => `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** camt.053.001.08 with one entry a line, booked on `day`. */
const camt = (opening: number, lines: Array<{ cents: number; text: string; ref: string }>, day: string): string => {
  const closing = opening + lines.reduce((s, l) => s + l.cents, 0);
  const balance = (code: string, cents: number, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(cents)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entries = lines.map(
    (l) =>
      `<Ntry><Amt Ccy="EUR">${decimal(l.cents)}</Amt><CdtDbtInd>${l.cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${l.ref}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>${l.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>GEN</MsgId><CreDtTm>2026-06-01T06:00:00</CreDtTm></GrpHdr><Stmt><Id>GEN-${day}</Id><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance('OPBD', opening, '2026-04-30')}${balance('CLBD', closing, '2026-05-31')}${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;
};

/** One digit of the reference's body changed: its check digits no longer hold. */
const mistype = (rf: string) => {
  const i = rf.length - 1;
  return `${rf.slice(0, i)}${rf[i] === '9' ? '0' : String(Number(rf[i]) + 1)}`;
};

describe.each(testBackends())('the books equal the bank on generated histories on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bankId: string;
  let expenseCode: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-06-02T10:00:00Z') });
    admin = await adminOf(server);
    const bank = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean; ledger_account: { id: string } }>).find((a) => a.is_default)!;
    bankId = bank.id;
    expect((await admin.put(`/api/bank-accounts/${bankId}/`, { name: 'Bank', iban: IBAN, is_default: true })).status).toBe(200);
    // The account's history before the statement: its opening balance is in the books.
    expect((await admin.post('/api/journal-entries/', { date: '2026-04-30', account: bank.ledger_account.id, debit: 5000, description: 'Opening balance' })).status).toBe(201);
    const chart = (await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string }>;
    expenseCode = chart.find((a) => a.account_name === 'Office Expenses')!.code;
  });
  afterAll(() => server?.close());

  it.each([11, 29])('seed %i: auto-reconciliation is never wrong, intact references all match, and once every line is reconciled the ledger is the statement', async (seed) => {
    const next = random(seed);
    const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    const client = await createClient(admin, { name: `Generated ${seed} Ltd` });
    const issue = async () => {
      const cents = between(5_000, 400_000);
      const invoice = await createInvoice(admin, { client: client.id, date: '2026-05-01', due_date: '2026-05-31', items: [{ description: 'Licence', unit_price: cents / 100, vat_rate: 0 }] });
      expect((await admin.post(`/api/invoices/${invoice.id}/send/`)).status).toBe(200);
      const { payment_reference } = (await admin.get(`/api/invoices/${invoice.id}/`)).body as { payment_reference: string };
      return { id: invoice.id, number: invoice.invoice_number, cents, rf: payment_reference };
    };
    const kinds: Kind[] = ['intact', 'intact', 'intact', 'intact', 'partial', 'missing', 'mistyped', 'combined', 'expense', 'expense'];
    const planned: Planned[] = [];
    for (let i = 0; i < 14; i += 1) {
      const kind = kinds[between(0, kinds.length - 1)]!;
      if (kind === 'expense') {
        const cents = -between(500, 60_000);
        planned.push({ kind, cents, text: `Supplier ${seed}-${i} services`, invoices: [] });
        continue;
      }
      const a = await issue();
      if (kind === 'combined') {
        const b = await issue();
        planned.push({ kind, cents: a.cents + b.cents, text: `Invoices ${a.number} and ${b.number}`, invoices: [a, b] });
      } else if (kind === 'partial') {
        const part = between(100, a.cents - 1);
        planned.push({ kind, cents: part, text: `Part payment ${a.rf}`, invoices: [{ id: a.id, cents: part }] });
      } else {
        const text = kind === 'intact' ? `Payment ${a.rf}` : kind === 'mistyped' ? `Payment ${mistype(a.rf)}` : 'Payment for services';
        planned.push({ kind, cents: a.cents, text, invoices: [a] });
      }
    }
    const opening = ((await admin.get(`/api/bank-accounts/${bankId}/`)).body as { ledger_balance: number }).ledger_balance * 100;
    const day = seed === 11 ? '2026-05-20' : '2026-05-27';
    const file = camt(Math.round(opening), planned.map((p, i) => ({ cents: p.cents, text: p.text, ref: `GEN-${seed}-${i}` })), day);
    const imported = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', file, `generated-${seed}.xml`);
    expect(imported.status, imported.text).toBe(201);
    const statementId = imported.body.statement.id as string;
    type Line = { id: string; description: string; amount: number; status: string; reconciliation: { parts: Array<{ kind: string; invoiceId?: string; amount: number }> } | null };
    const lines = (await admin.get(`/api/bank-accounts/${bankId}/statement-lines/?statement=${statementId}&limit=500`)).body as Line[];
    const lineOf = (p: Planned) => lines.find((l) => l.description === p.text && Math.round(l.amount * 100) === p.cents)!;

    // Auto-reconciliation: exactly the intact ones (full or partial), each to its own invoice.
    for (const p of planned) {
      const line = lineOf(p);
      const intact = p.kind === 'intact' || p.kind === 'partial';
      expect(line.status, `${p.kind}: ${p.text}`).toBe(intact ? 'reconciled' : 'open');
      if (intact) expect(line.reconciliation!.parts.map((part) => [part.kind, part.invoiceId, Math.round(part.amount * 100)])).toEqual([['invoice', p.invoices[0]!.id, p.cents]]);
    }
    expect(imported.body.auto_reconciled).toBe(planned.filter((p) => p.kind === 'intact' || p.kind === 'partial').length);

    // The rest by hand: invoices for the payments, an expense with VAT for the rest.
    for (const p of planned.filter((q) => lineOf(q).status === 'open')) {
      const parts =
        p.kind === 'expense'
          ? [{ kind: 'account', account: expenseCode, amount: p.cents / 100, vat_rate: 19, description: p.text }]
          : p.invoices.map((inv) => ({ kind: 'invoice', invoice: inv.id, amount: inv.cents / 100 }));
      const res = await admin.post(`/api/bank-accounts/${bankId}/statement-lines/${lineOf(p).id}/reconcile/`, { parts });
      expect(res.status, `${p.kind}: ${res.text}`).toBe(200);
    }

    const report = await admin.get(`/api/bank-accounts/${bankId}/reconciliation-report/`);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({ difference: 0, proven: true, complete: true, unreconciled_lines: [], unreconciled_movements: [] });
    expect(report.body.ledger_balance).toBe(report.body.statement_balance);
  });
});
