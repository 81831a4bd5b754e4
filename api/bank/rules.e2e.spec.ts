import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';

const GR = 'GR1601101250000000012300695';

const statement = [':20:RULES', `:25:${GR}`, ':28C:1/1', ':60F:C260301EUR1000,00',
  ':61:2603040304D23,80NMSCNONREF//R-1', ':86:CLOUD HOSTING March invoice 7781',
  ':61:2603050305D5,00NMSCNONREF//R-2', ':86:Something else',
  ':62F:C260331EUR971,20', '-'].join('\r\n');

describe.each(testBackends())('bank rules over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bankId: string;
  let expenseCode: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-04-15T10:00:00Z') });
    admin = await adminOf(server);
    bankId = ((await admin.get('/api/bank-accounts/')).body as Array<{ id: string; is_default: boolean }>).find((a) => a.is_default)!.id;
    expect((await admin.put(`/api/bank-accounts/${bankId}/`, { name: 'Bank', iban: GR, is_default: true })).status).toBe(200);
    expenseCode = ((await admin.get('/api/accounts/')).body as Array<{ code: string; account_name: string }>).find((a) => a.account_name === 'Office Expenses')!.code;
  });
  afterAll(() => server?.close());

  it('keeps rules in order, refuses what could not work, and books the lines they take on import with their VAT', async () => {
    const created = await admin.post('/api/bank-rules/', { name: 'Hosting', text_contains: 'cloud hosting', direction: 'out', max_amount: 100, account: expenseCode, vat_rate: 19 });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Hosting', text_contains: 'cloud hosting', direction: 'out', min_amount: null, max_amount: 100, account: expenseCode, vat_rate: 19, position: 1 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'Takes everything', account: expenseCode }, 'rule'],
      [{ name: 'Into the bank', text_contains: 'x', account: '1000' }, 'account'],
      [{ name: 'Upside down', min_amount: 50, max_amount: 10, account: expenseCode }, 'max_amount'],
      [{ name: 'Bad IBAN', counterparty_iban: 'DE00123', account: expenseCode }, 'counterparty_iban'],
      [{ name: 'A\u0000b', text_contains: 'x', account: expenseCode }, 'name'],
      [{ name: 'Sideways', text_contains: 'x', direction: 'up', account: expenseCode }, 'direction'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/bank-rules/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    expect((await admin.get('/api/bank-rules/')).body).toHaveLength(1);

    const imported = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', statement, 'rules.sta');
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.auto_reconciled).toBe(1);
    const lines = (await admin.get(`/api/bank-accounts/${bankId}/statement-lines/`)).body as Array<{ description: string; status: string; reconciliation: { parts: unknown[] } | null }>;
    const hosting = lines.find((l) => l.description.startsWith('CLOUD HOSTING'))!;
    expect(hosting.status).toBe('reconciled');
    expect(hosting.reconciliation!.parts).toEqual([{ kind: 'account', accountCode: expenseCode, amount: -23.8, vatRateBp: 1900, description: 'Hosting' }]);
    expect(lines.find((l) => l.description === 'Something else')!.status).toBe('open');
    // Net 20.00 to the expense, 3.80 of input VAT.
    const posted = await server.testDb.db('ledger_lines as l').join('ledger_entries as e', 'e.entry_id', 'l.entry_id').where('e.source_type', 'bank_reconciliation').select('l.debit_cents');
    expect(posted.map((p) => Number(p.debit_cents)).filter((c) => c > 0).sort((a, b) => a - b)).toEqual([380, 2000]);

    const updated = await admin.put(`/api/bank-rules/${created.body.id}/`, { name: 'Hosting (cloud)', text_words: ['hosting', 'cloud'], account: expenseCode, vat_rate: 19, version: created.body.version });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Hosting (cloud)', text_contains: null, text_words: ['hosting', 'cloud'] });
    expect((await admin.delete(`/api/bank-rules/${created.body.id}/`)).status).toBe(204);
    expect((await admin.get('/api/bank-rules/')).body).toEqual([]);
  });
});
