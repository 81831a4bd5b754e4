import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../../../domain/accounting/accounts';
import { LEDGER_TABLES } from '../../../projections/ledger/migrations';
import { testBackends } from '../../../test/db';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { UserService } from '../../auth/user.service';

const RENT = 'a0000000-0000-4000-8000-000000005100';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';

type GqlBody = { data: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code: string; fieldErrors?: Record<string, string[]> } }> };

describe.each(testBackends())('operations and single-line journal over GraphQL on $name', (backend) => {
  let server: TestServer;
  let admin: TestClient;
  let client: TestClient;

  const gql = async (who: TestClient, query: string, variables?: Record<string, unknown>) => {
    const res = await who.graphql(query, variables);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as GqlBody;
  };

  /** Read-model rows without surrogate ids, in a stable order: what a rebuild must reproduce. */
  const snapshot = async () => {
    const db = server.testDb.db;
    const out: Record<string, string[]> = {};
    for (const table of LEDGER_TABLES) {
      const rows: Array<Record<string, unknown>> = await db(table).select('*');
      out[table] = rows.map(({ id: _id, ...rest }) => JSON.stringify(rest, Object.keys(rest).sort())).sort();
    }
    return out;
  };

  beforeAll(async () => {
    server = await startTestServer(backend, { clock: () => new Date('2026-06-15T12:00:00Z') });
    await new UserService(server.testDb.db).create({ username: 'client1', password: 'client-password-1' });
    admin = server.client();
    await admin.login();
    client = server.client();
    await client.login('client1', 'client-password-1');
  });
  afterAll(() => server?.close());

  it('records and corrects the spec single-line entry; its other side is Suspense and the view shows one account', async () => {
    const rec = await gql(admin, 'mutation ($input: SingleLineJournalEntryInput!) { recordSingleLineJournalEntry(input: $input) { id version singleLine { accountId accountName debit credit } lines { accountId debit credit } } }', {
      input: { date: '2026-03-01', accountId: RENT, debit: 250.5, description: 'Office rent' },
    });
    expect(rec.errors).toBeUndefined();
    const entry = rec.data!.recordSingleLineJournalEntry;
    expect(entry.singleLine).toEqual({ accountId: RENT, accountName: 'Rent', debit: 250.5, credit: 0 });
    expect(entry.lines).toEqual([
      { accountId: RENT, debit: 250.5, credit: 0 },
      { accountId: A.suspense, debit: 0, credit: 250.5 },
    ]);
    const fix = await gql(admin, 'mutation ($id: ID!, $input: SingleLineJournalEntryInput!, $v: Int) { correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: $v) { version singleLine { debit } } }', {
      id: entry.id,
      input: { date: '2026-03-01', accountId: RENT, debit: 300, description: 'Office rent' },
      v: entry.version,
    });
    expect(fix.data!.correctSingleLineJournalEntry).toEqual({ version: 2, singleLine: { debit: 300 } });
    const stale = await gql(admin, 'mutation ($id: ID!, $input: SingleLineJournalEntryInput!) { correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: 1) { id } }', {
      id: entry.id,
      input: { date: '2026-03-01', accountId: RENT, debit: 1 },
    });
    expect(stale.errors?.[0]?.extensions.code).toBe('CONFLICT');
    const history = await gql(admin, 'query ($id: ID!) { journalEntryHistory(id: $id) { type actorName } }', { id: entry.id });
    expect(history.data!.journalEntryHistory).toEqual([
      { type: 'JournalEntryRecorded', actorName: 'admin' },
      { type: 'JournalEntryCorrected', actorName: 'admin' },
    ]);
  });

  it('refuses a single-line entry with both sides, neither, or Suspense itself, with field errors named as its input', async () => {
    const both = await gql(admin, 'mutation ($input: SingleLineJournalEntryInput!) { recordSingleLineJournalEntry(input: $input) { id } }', { input: { date: '2026-03-01', accountId: RENT, debit: 1, credit: 1 } });
    expect(both.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: { debit: expect.any(Array), credit: expect.any(Array) } });
    const none = await gql(admin, 'mutation ($input: SingleLineJournalEntryInput!) { recordSingleLineJournalEntry(input: $input) { id } }', { input: { date: '2026-03-01', accountId: RENT } });
    expect(none.errors?.[0]?.extensions.fieldErrors?.debit).toBeDefined();
    const badAccount = await gql(admin, 'mutation ($input: SingleLineJournalEntryInput!) { recordSingleLineJournalEntry(input: $input) { id } }', { input: { date: '2026-03-01', accountId: 'nope', debit: 1 } });
    expect(badAccount.errors?.[0]?.extensions.fieldErrors?.accountId).toBeDefined();
    const suspense = await gql(admin, 'mutation ($input: SingleLineJournalEntryInput!) { recordSingleLineJournalEntry(input: $input) { id } }', { input: { date: '2026-03-01', accountId: A.suspense, debit: 1 } });
    expect(suspense.errors?.[0]?.extensions.fieldErrors?.accountId).toEqual(['Choose an account other than Suspense.']);
  });

  it('multi-line entries have no single-line view', async () => {
    const rec = await gql(admin, 'mutation ($input: JournalEntryInput!) { recordJournalEntry(input: $input) { singleLine { accountId } } }', {
      input: { date: '2026-04-01', description: 'Laptops', lines: [{ accountId: EQUIPMENT, debit: 2000 }, { accountId: A.bank, credit: 2000 }] },
    });
    expect(rec.data!.recordJournalEntry.singleLine).toBeNull();
  });

  it('projection status lists every projection and reactor, caught up', async () => {
    const res = await gql(admin, '{ projectionStatus { name kind lag lagCapped state position rebuildable lastError } }');
    const byName = new Map<string, Record<string, unknown>>(res.data!.projectionStatus.map((s: { name: string }) => [s.name, s]));
    expect(byName.get('ledger')).toMatchObject({ kind: 'projection', lag: 0, lagCapped: false, state: 'running', rebuildable: true, lastError: null });
    expect(byName.get('ledger')!.position).toEqual(expect.any(String));
    expect(byName.get('invoice_mail')).toMatchObject({ kind: 'reactor', rebuildable: false });
  });

  it('rebuild replays the ledger from position 0 and ends with the same read model and reports', async () => {
    const before = await snapshot();
    const report = '{ balanceSheet(asOf: "2026-12-31") { totalAssets totalLiabilitiesAndEquity } incomeStatement(from: "2026-01-01", to: "2026-12-31") { netIncome } }';
    const reportsBefore = (await gql(admin, report)).data;
    expect(before.ledger_entries).toHaveLength(2);
    const res = await gql(admin, 'mutation { rebuildProjection(name: "ledger") { name caughtUp durationMs } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.rebuildProjection).toMatchObject({ name: 'ledger', caughtUp: true });
    expect(await snapshot()).toEqual(before);
    expect((await gql(admin, report)).data).toEqual(reportsBefore);
    expect(reportsBefore!.incomeStatement.netIncome).toBe(-300);
    const after = await gql(admin, '{ projectionStatus { name lag eventsProcessed } }');
    expect(after.data!.projectionStatus.find((s: { name: string }) => s.name === 'ledger')).toMatchObject({ lag: 0, eventsProcessed: 3 });
  });

  it('refuses reactors and unknown names, and anyone but a superuser', async () => {
    expect((await gql(admin, 'mutation { rebuildProjection(name: "invoice_mail") { name } }')).errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect((await gql(admin, 'mutation { rebuildProjection(name: "nope") { name } }')).errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect((await gql(client, 'mutation { rebuildProjection(name: "ledger") { name } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await gql(client, '{ projectionStatus { name } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });
});
