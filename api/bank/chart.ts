import type { Knex } from 'knex';
import type { Account, AccountType, CashFlowClass, SystemAccountKey } from '../../domain/accounting/accounts';

interface AccountRow {
  id: string;
  code: string;
  account_name: string;
  type: AccountType;
  cash_flow_class: CashFlowClass;
  is_active: boolean;
  system_key: SystemAccountKey | null;
}

/** The chart of accounts by code, as the reconciliation and rule checks take it. */
export const chartByCode = async (db: Knex): Promise<Map<string, Account>> => {
  const rows = (await db('accounts').select('id', 'code', 'account_name', 'type', 'cash_flow_class', 'is_active', 'system_key')) as AccountRow[];
  return new Map(rows.map((a) => [a.code, { id: a.id, code: a.code, name: a.account_name, type: a.type, cashFlowClass: a.cash_flow_class, active: a.is_active, systemKey: a.system_key }]));
};
