import { invoiceCreditorReference } from '../../domain/bank/creditor-reference';
import { addDays, dayOf } from '../../domain/shared/dates';
import { totalsInRange } from '../../projections/ledger/balances/queries';
import type { AppDeps } from '../platform/deps';
import type { BankServices } from './bank.services';
import { writeMt940, type Mt940Line } from './mt940-writer';
import { openInvoices } from './open-invoices';

const SEED_ACTOR = 'system';
/** A valid Cypriot IBAN (the standard's example) for the demo bank account when the company has none. */
const DEMO_IBAN = 'CY17002001280000001200527600';

/**
 * A month of the default bank account's statement for the demo, imported and partly reconciled, so a
 * newcomer sees the Bank page at work: the rent and hosting the accounting demo paid, matched as
 * movements; a client's transfer naming an open invoice's RF reference, reconciled on import; the
 * salaries and a bank charge left open for a click. Runs once (a marker in the audit log), after the
 * billing and accounting demos, and only while the account has no statement.
 */
export const seedBankDemo = async (deps: AppDeps, bank: BankServices): Promise<void> => {
  const db = deps.db;
  if (await db('audit_log').where({ entity: 'bank_demo_seed' }).first('id')) return;
  const account = (await db('money_accounts').where({ is_default: true }).first('id', 'name', 'iban', 'bic', 'version')) as
    | { id: string; name: string; iban: string | null; bic: string | null; version: number }
    | undefined;
  if (!account || (await db('bank_statements').where({ money_account_id: account.id }).first('id'))) return;
  if (!account.iban) {
    await bank.moneyAccounts.update(account.id, { name: account.name, kind: 'bank', iban: DEMO_IBAN, bic: account.bic, isDefault: true, expectedVersion: account.version }, SEED_ACTOR);
  }
  const iban = account.iban ?? DEMO_IBAN;
  const today = dayOf(deps.clock());
  const ago = (days: number) => addDays(today, -days);
  const from = ago(30);
  const paid = async (description: string, day: string) =>
    (await db('ledger_entries').where({ source_type: 'manual', description, date: day, status: 'active' }).first('entry_id')) as { entry_id: string } | undefined;
  const rent = await paid('Office rent', ago(3));
  const hosting = await paid('Cloud hosting', ago(10));
  const invoice = await openInvoices(db).orderBy('i.due_date').first();
  const reference = invoice ? invoiceCreditorReference(invoice.invoice_number) : null;
  const lines: Mt940Line[] = [
    { day: ago(25), cents: -950_000, ref: 'DEMO-1', text: 'Salaries' },
    { day: ago(10), cents: -42_000, ref: 'DEMO-2', text: 'Cloud hosting' },
    ...(invoice && reference
      ? [{ day: ago(6), cents: Number(invoice.open_cents), ref: 'DEMO-3', text: `Invoice ${invoice.invoice_number} ${reference}` }]
      : []),
    { day: ago(3), cents: -180_000, ref: 'DEMO-4', text: 'Office rent' },
    { day: ago(1), cents: -1_250, ref: 'DEMO-5', text: 'Account maintenance fee' },
  ];
  // The bank opens the month where the books stood the day before, so the report can prove it.
  const ledgerAccountId = ((await db('money_accounts').where({ id: account.id }).first('ledger_account_id')) as { ledger_account_id: string }).ledger_account_id;
  const before = (await totalsInRange(db, undefined, addDays(from, -1), ledgerAccountId)).get(ledgerAccountId);
  const opening = before ? before.debitCents - before.creditCents : 0;
  const file = writeMt940({ id: 'DEMO', iban, opening: { day: from, cents: opening }, closingDay: today, lines });
  await bank.statements.import(account.id, { bytes: Buffer.from(file, 'utf8'), name: 'demo-statement.sta' }, SEED_ACTOR);
  const imported = (await db('bank_statement_lines').where({ money_account_id: account.id }).select('id', 'description', 'amount_cents')) as Array<{ id: string; description: string; amount_cents: number }>;
  const lineOf = (text: string) => imported.find((l) => l.description === text);
  for (const [text, movement] of [
    ['Office rent', rent],
    ['Cloud hosting', hosting],
  ] as const) {
    const line = lineOf(text);
    if (line && movement) await bank.reconciliations.reconcile(account.id, line.id, [{ kind: 'movement', movementId: movement.entry_id, cents: Number(line.amount_cents) }], SEED_ACTOR);
  }
  await db('audit_log').insert({ actor: SEED_ACTOR, entity: 'bank_demo_seed', entity_id: account.id, action: 'seed' });
};
