import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf, createClient, createInvoice } from '../invoicing/test/fixtures';

const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const { vatPayable: VAT, bank: BANK } = SYSTEM_ACCOUNT_IDS;
const QUERY = `query($from: String, $to: String) { vatReturn(from: $from, to: $to) { from to outputBase outputVat inputBase inputVat netVat settlements rows { category rate outputBase outputVat inputBase inputVat } } }`;
const RECORD = `mutation($input: JournalEntryInput!) { recordJournalEntry(input: $input) { id lines { accountId debit credit vatCategory vatRate vatSettlement } } }`;

describe.each(testBackends())('VAT return on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-12-31T12:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('gives output VAT per category and rate from invoices and credit notes, input VAT from tagged entries, settlements apart, and nets to the VAT account', async () => {
    const client = await createClient(admin, { name: 'Alpha Ltd' });
    const inv = await createInvoice(admin, {
      client: client.id,
      date: '2026-04-10',
      due_date: '2026-05-10',
      items: [
        { description: 'Audit', unit_price: 1000, vat_rate: 24 },
        { description: 'Books', unit_price: 200, vat_rate: 6 },
        { description: 'Training', unit_price: 300, vat_rate: 0, vat_category: 'E', vat_exemption_reason: 'Education' },
      ],
    });
    expect((await admin.post(`/api/invoices/${inv.id}/send/`)).status).toBe(200);
    // A credit note of 100 at 24 %: negative output.
    expect((await admin.post(`/api/invoices/${inv.id}/credit-notes/`, { reason: 'Discount', date: '2026-05-02', items: [{ description: 'Discount', unit_price: 100, vat_rate: 24 }] })).status).toBe(201);
    // A purchase over GraphQL: office supplies 500 at 24 % with its input VAT.
    const purchase = await admin.graphql(RECORD, {
      input: {
        date: '2026-05-20',
        description: 'Office supplies',
        lines: [
          { accountId: OFFICE, debit: 500, vatCategory: 'S', vatRate: 24 },
          { accountId: VAT, debit: 120 },
          { accountId: BANK, credit: 620 },
        ],
      },
    });
    expect(purchase.body.errors).toBeUndefined();
    expect(purchase.body.data.recordJournalEntry.lines[0]).toMatchObject({ vatCategory: 'S', vatRate: 24, vatSettlement: false });
    // Paying the previous quarter's VAT over REST: a settlement, left out of the return.
    const paid = await admin.post('/api/journal-entries/', { date: '2026-06-15', account: VAT, debit: 50, description: 'VAT Q1', vat_settlement: true });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ vat_settlement: true, vat_category: null });

    const res = await admin.get('/api/reports/vat-return/?from=2026-04-01&to=2026-06-30');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      rows: [
        { category: 'S', rate: 24, output_base: 900, output_vat: 216, input_base: 500, input_vat: 120 },
        { category: 'S', rate: 6, output_base: 200, output_vat: 12, input_base: 0, input_vat: 0 },
        { category: 'E', rate: 0, output_base: 300, output_vat: 0, input_base: 0, input_vat: 0 },
      ],
      output_base: 1400,
      output_vat: 228,
      input_base: 500,
      input_vat: 120,
      net_vat: 108,
      settlements: 50,
    });
    // The invariant: the VAT account moved by net VAT less the settlement.
    const ledger = await admin.graphql(`query { accountLedger(accountId: "${VAT}", from: "2026-04-01", to: "2026-06-30") { openingBalance closingBalance } }`);
    const { openingBalance, closingBalance } = ledger.body.data.accountLedger;
    expect(Math.round((closingBalance - openingBalance) * 100)).toBe(10800 - 5000);

    const gql = await admin.graphql(QUERY, { from: '2026-04-01', to: '2026-06-30' });
    expect(gql.body.data.vatReturn).toMatchObject({ netVat: 108, settlements: 50, outputVat: 228, inputVat: 120, rows: [{ category: 'S', rate: 24, outputBase: 900 }, { rate: 6 }, { category: 'E' }] });
    // Another period sees none of it.
    expect((await admin.get('/api/reports/vat-return/?from=2026-07-01&to=2026-09-30')).body).toMatchObject({ rows: [], net_vat: 0, settlements: 0 });
  });

  it('refuses a tag that does not fit the line, and a malformed period', async () => {
    const bad = await admin.post('/api/journal-entries/', { date: '2026-06-15', account: OFFICE, debit: 50, vat_settlement: true });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('vat_settlement');
    const rate = await admin.post('/api/journal-entries/', { date: '2026-06-15', account: OFFICE, debit: 50, vat_category: 'Z', vat_rate: 24 });
    expect(rate.status).toBe(400);
    expect(rate.body.errors).toHaveProperty('vat_rate');
    const gql = await admin.graphql(RECORD, { input: { date: '2026-06-15', lines: [{ accountId: OFFICE, debit: 1, vatCategory: 'X', vatRate: 0 }, { accountId: BANK, credit: 1 }] } });
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await admin.get('/api/reports/vat-return/?from=2026-13-01')).status).toBe(400);
  });
});
