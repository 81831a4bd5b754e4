import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../../domain/accounting/accounts';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';
import { seedPurchasesDemo } from './demo-seed';

describe.each(testBackends())('the purchases demo on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { env: { SEED_DEMO: 'true' }, clock: () => new Date('2026-06-20T09:00:00Z') });
    admin = await adminOf(server);
  });
  afterAll(() => server?.close());

  it('seeds suppliers and bills of every state once, and aged payables total the Accounts Payable balance', async () => {
    const suppliers = (await admin.get('/api/suppliers/')).body as Array<{ name: string }>;
    expect(suppliers.map((s) => s.name)).toEqual(['Andreou & Partners LLC', 'Hetzner Online GmbH', 'Nimbus Backup S.A.', 'Office Point Ltd']);
    const bills = (await admin.get('/api/bills/')).body as Array<{ invoice_number: string; status: string; self_assessed_vat_amount: number; total_amount: number; documents: Array<{ kind: string }>; einvoice_warnings: unknown[] | null }>;
    expect(Object.fromEntries(bills.map((b) => [b.invoice_number, b.status]))).toEqual({ 'R0012345678': 'open', 'AP-2026-118': 'partly_paid', 'OP-5521': 'open', 'OP-5590': 'draft', 'NB-2026-00417': 'draft' });
    // One imported from its UBL file, the XML kept with it.
    const imported = bills.find((b) => b.invoice_number === 'NB-2026-00417')!;
    expect(imported).toMatchObject({ total_amount: 58.9, documents: [{ kind: 'einvoice' }] });
    expect(bills.find((b) => b.invoice_number === 'R0012345678')!.self_assessed_vat_amount).toBe(9.31);
    const aged = (await admin.get('/api/reports/aged-payables/?as_of=2026-06-20')).body;
    const ap = await server.testDb.db('ledger_lines').where({ account_id: SYSTEM_ACCOUNT_IDS.payables }).sum({ d: 'debit_cents', c: 'credit_cents' }).first();
    expect(aged.totals.net).toBeCloseTo((Number(ap?.c ?? 0) - Number(ap?.d ?? 0)) / 100, 2);
    // The accounting demo's trade fair stand, booked to Accounts Payable by hand: current, under no supplier.
    expect(aged.suppliers.find((s: { supplier_id: string | null }) => s.supplier_id === null)).toMatchObject({ current: 1200, total: 1200 });
    // The bills' part: the host's 49 (reverse charge: nothing charged), the lawyers' 1,428 less 500 paid, the office's 508.13.
    const billed = aged.suppliers.filter((s: { supplier_id: string | null }) => s.supplier_id !== null).reduce((sum: number, s: { total: number }) => sum + s.total, 0);
    expect(billed).toBeCloseTo(49 + 1428 - 500 + 508.13, 2);
    await seedPurchasesDemo(server.runtime.deps, server.runtime.services.purchases);
    expect(((await admin.get('/api/bills/')).body as unknown[]).length).toBe(5);
  });
});
