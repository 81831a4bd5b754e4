import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053Sample } from '../../test/camt053-sample';
import { testBackends } from '../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../test/server';
import { adminOf } from '../invoicing/test/fixtures';
import { writeMt940 } from './mt940-writer';

/** The camt053Sample's account. */
const GR = 'GR1601101250000000012300695';
const DE = 'DE89370400440532013000';

/** An MT940 statement of `GR` with the lines given (amounts in cents, money in positive). */
const mt940 = (id: string, opening: { day: string; cents: number }, lines: Array<{ day: string; cents: number; ref: string; text: string }>): string => writeMt940({ id, iban: GR, opening, lines });

describe.each(testBackends())('bank statement import over HTTP on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let bankId: string;
  let cashId: string;
  let otherId: string;
  const sample = camt053Sample(40);

  const counts = async () => ({
    statements: Number((await server.testDb.db('bank_statements').count<{ count: string }[]>('* as count'))[0]!.count),
    lines: Number((await server.testDb.db('bank_statement_lines').count<{ count: string }[]>('* as count'))[0]!.count),
  });
  const lines = (id: string, query = '') => admin.get(`/api/bank-accounts/${id}/statement-lines/${query}`);

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-03-15T10:00:00Z') });
    admin = await adminOf(server);
    const accounts = (await admin.get('/api/bank-accounts/')).body as Array<{ id: string; kind: string; is_default: boolean; version: number }>;
    const bank = accounts.find((a) => a.is_default)!;
    bankId = bank.id;
    cashId = accounts.find((a) => a.kind === 'cash')!.id;
    expect((await admin.put(`/api/bank-accounts/${bankId}/`, { name: 'Bank', iban: GR, is_default: true })).status).toBe(200);
    const other = await admin.post('/api/bank-accounts/', { name: 'Deutsche Bank', iban: DE });
    expect(other.status, other.text).toBe(201);
    otherId = other.body.id;
  });
  afterAll(() => server?.close());

  it('imports a camt.053 file: every booked line, open, with the statement’s balances', async () => {
    const res = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', sample.xml, 'march.xml');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ lines_in_file: sample.lines, lines_added: sample.lines, lines_already_imported: 0, warnings: [] });
    expect(res.body.statement).toMatchObject({
      money_account: bankId,
      format: 'camt.053',
      statement_id: 'SAMPLE-2025-03',
      iban: GR,
      currency: 'EUR',
      opening_balance: { date: '2025-02-28', amount: sample.openingCents / 100 },
      closing_balance: { date: '2025-03-31', amount: sample.closingCents / 100 },
      lines_added: sample.lines,
      opening_gap: null,
      file_name: 'march.xml',
    });
    const page = await lines(bankId, '?limit=5');
    expect(page.status).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(sample.lines));
    expect(page.body).toHaveLength(5);
    expect(page.body[0]).toMatchObject({ statement: res.body.statement.id, status: 'open' });
    const all = (await lines(bankId, '?limit=500')).body as Array<{ amount: number; booking_date: string }>;
    // The lines are the money the file moved, to the cent.
    expect(Math.round(all.reduce((s, l) => s + l.amount * 100, 0))).toBe(sample.sumCents);
    expect(all.map((l) => l.booking_date)).toEqual([...all.map((l) => l.booking_date)].sort());
    expect((await admin.get(`/api/bank-accounts/${bankId}/statements/`)).body.map((s: { id: string }) => s.id)).toEqual([res.body.statement.id]);
    // Who imported what is in the audit log.
    expect(await server.testDb.db('audit_log').where({ entity: 'bank_statement', entity_id: res.body.statement.id }).first('action')).toMatchObject({ action: 'create' });
  });

  it('adds nothing when the same file comes again, and only the new lines of an overlapping one', async () => {
    const before = await counts();
    const again = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', sample.xml, 'march-again.xml');
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ statement: null, lines_added: 0, lines_already_imported: sample.lines });
    expect(again.body.warnings.map((w: { code: string }) => w.code)).toEqual(['NOTHING_NEW']);
    expect(await counts()).toEqual(before);

    // The same statement grown by twenty entries: the first forty are held already.
    const longer = camt053Sample(60);
    const overlap = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', longer.xml, 'march-full.xml');
    expect(overlap.status, overlap.text).toBe(201);
    expect(overlap.body).toMatchObject({ lines_in_file: longer.lines, lines_added: longer.lines - sample.lines, lines_already_imported: sample.lines });
    expect(await counts()).toEqual({ statements: before.statements + 1, lines: before.lines + longer.lines - sample.lines });
    expect((await lines(bankId, '?status=open&limit=1')).headers['x-total-count']).toBe(String(longer.lines));
    expect((await lines(bankId, '?status=reconciled')).body).toEqual([]);
  });

  it('accepts a statement that does not open where the last one closed, and says by how much', async () => {
    const april = mt940('APR', { day: '2025-04-01', cents: camt053Sample(60).closingCents + 1234 }, [{ day: '2025-04-02', cents: 50_000, ref: 'APR-1', text: 'Invoice 2025-000001' }]);
    const res = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', april, 'april.sta');
    expect(res.status, res.text).toBe(201);
    expect(res.body.statement).toMatchObject({ format: 'mt940', opening_gap: 12.34, lines_added: 1 });
    expect(res.body.warnings).toHaveLength(1);
    expect(res.body.warnings[0].code).toBe('OPENING_GAP');
    expect(res.body.warnings[0].message).toMatch(/by 12,34\s€/);
    // The next one opens where April closed: no warning.
    const may = mt940('MAY', { day: '2025-05-01', cents: camt053Sample(60).closingCents + 1234 + 50_000 }, [{ day: '2025-05-03', cents: -1990, ref: 'MAY-1', text: 'Hosting' }]);
    const next = await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', may, 'may.sta');
    expect(next.status, next.text).toBe(201);
    expect(next.body.warnings).toEqual([]);
    expect(next.body.statement.opening_gap).toBeNull();
  });

  it('refuses a file that is not this account’s, does not add up, is not a statement or is too big, with a 400 that says why, writing nothing', async () => {
    const before = await counts();
    const refused = async (id: string, body: Buffer | string, name: string, says: string) => {
      const res = await admin.upload(`/api/bank-accounts/${id}/statements/`, 'file', body, name);
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      expect(res.body.errors.file.join(' '), name).toContain(says);
    };
    await refused(otherId, sample.xml, 'elsewhere.xml', 'not for Deutsche Bank: import it there');
    await refused(cashId, sample.xml, 'cash.xml', 'cash on hand');
    const tampered = sample.xml.replace(/(<Cd>CLBD<\/Cd><\/CdOrPrtry><\/Tp>\s*<Amt Ccy="EUR">)(\d+)/, (_m, head: string, euros: string) => `${head}${Number(euros) + 1}`);
    expect(tampered).not.toBe(sample.xml);
    await refused(bankId, tampered, 'tampered.xml', 'a difference of');
    await refused(bankId, sample.xml.replace('<Document', '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document'), 'xxe.xml', 'DOCTYPE');
    await refused(bankId, '%PDF-1.7 not a statement at all', 'statement.pdf', 'not a camt.053, MT940, OFX or CSV file');
    await refused(bankId, 'Date;Amount;Text\n2025-03-01;10,00;Rent\n', 'export.csv', 'map its columns');
    await refused(bankId, Buffer.alloc(20 * 1024 * 1024 + 1, 0x20), 'huge.xml', 'over 20 MB');
    // A file of several megabytes is written slice by slice while it is read: what is found wrong
    // only at its end (its balances, its last element, its account) still leaves nothing written.
    const big = camt053Sample(2500);
    expect(big.xml.length).toBeGreaterThan(3 * 1024 * 1024);
    const bigTampered = big.xml.replace(/(<Cd>CLBD<\/Cd><\/CdOrPrtry><\/Tp>\s*<Amt Ccy="EUR">)(\d+)/, (_m, head: string, euros: string) => `${head}${Number(euros) + 1}`);
    expect(bigTampered).not.toBe(big.xml);
    await refused(bankId, bigTampered, 'big-tampered.xml', 'a difference of');
    await refused(bankId, big.xml.slice(0, big.xml.lastIndexOf('</Ntry>')), 'big-cut.xml', 'is closed (is it cut off?)');
    await refused(otherId, big.xml, 'big-elsewhere.xml', 'not for Deutsche Bank: import it there');
    // No file, or not an upload at all.
    const empty = await admin.post(`/api/bank-accounts/${bankId}/statements/`, { file: 'x' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors)).toEqual(['file']);
    expect((await admin.upload(`/api/bank-accounts/${bankId}/statements/`, 'statement', sample.xml, 'wrong-field.xml')).status).toBe(400);
    expect(await counts()).toEqual(before);
    // An account that does not exist: 404, the file unread.
    expect((await admin.upload('/api/bank-accounts/00000000-0000-4000-8000-000000000000/statements/', 'file', sample.xml, 'x.xml')).status).toBe(404);
  });

  it('reads a CSV export with the column mapping saved on the account, and refuses a mapping that cannot work', async () => {
    const csv = 'Date;Amount;Text;Payer\n03.06.2025;1.250,00;Invoice 2025-000042;Alpha Ltd\n04.06.2025;-19,90;Hosting;\n';
    const before = await counts();
    const unmapped = await admin.upload(`/api/bank-accounts/${otherId}/statements/`, 'file', csv, 'june.csv');
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.errors.file.join(' ')).toContain('map its columns');
    const wrong = await admin.put(`/api/bank-accounts/${otherId}/csv-mapping/`, { csv_mapping: { header_rows: 1, date_format: 'DD.MM.YYYY', decimal: ',', columns: { booking_date: 'Date', amount: 'Amount', debit: 'Out', description: 'Text' } } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['csv_mapping']);
    const mapping = { delimiter: ';', header_rows: 1, date_format: 'DD.MM.YYYY', decimal: ',', columns: { booking_date: 'Date', amount: 'Amount', description: 'Text', counterparty_name: 'Payer' } };
    const saved = await admin.put(`/api/bank-accounts/${otherId}/csv-mapping/`, { csv_mapping: mapping });
    expect(saved.status, saved.text).toBe(200);
    // Answered in the names the PUT takes, so what GET answers can be sent back as it is.
    expect(saved.body).toEqual({ csv_mapping: mapping });
    expect((await admin.get(`/api/bank-accounts/${otherId}/csv-mapping/`)).body).toEqual(saved.body);
    expect((await admin.put(`/api/bank-accounts/${otherId}/csv-mapping/`, saved.body)).body).toEqual(saved.body);
    const imported = await admin.upload(`/api/bank-accounts/${otherId}/statements/`, 'file', csv, 'june.csv');
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.statement).toMatchObject({ format: 'csv', iban: null, opening_balance: null, closing_balance: null, lines_added: 2 });
    const lines = (await admin.get(`/api/bank-accounts/${otherId}/statement-lines/`)).body as Array<{ booking_date: string; amount: number; description: string; counterparty_name: string | null }>;
    expect(lines.map((l) => [l.booking_date, l.amount, l.description, l.counterparty_name])).toEqual([
      ['2025-06-03', 1250, 'Invoice 2025-000042', 'Alpha Ltd'],
      ['2025-06-04', -19.9, 'Hosting', null],
    ]);
    expect((await admin.upload(`/api/bank-accounts/${otherId}/statements/`, 'file', csv, 'june-again.csv')).body.lines_added).toBe(0);
    expect(await counts()).toEqual({ statements: before.statements + 1, lines: before.lines + 2 });
    // Removed, the next CSV file is refused again.
    expect((await admin.put(`/api/bank-accounts/${otherId}/csv-mapping/`, { csv_mapping: null })).body).toEqual({ csv_mapping: null });
  });

  it('is the superuser’s alone', async () => {
    const anonymous = server.client();
    expect((await anonymous.upload(`/api/bank-accounts/${bankId}/statements/`, 'file', sample.xml, 'x.xml')).status).toBe(401);
    expect((await anonymous.get(`/api/bank-accounts/${bankId}/statement-lines/`)).status).toBe(401);
  });
});
