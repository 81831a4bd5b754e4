import type { Knex } from 'knex';
import type { Account } from '../../domain/accounting/accounts';
import { isUuid } from '../platform/wire';

/** What purchaseAccountRefusal reads of the chart's accounts, by id; an unknown or malformed id is absent. */
export const purchaseAccountsById = async (db: Knex, ids: readonly string[]): Promise<Map<string, Pick<Account, 'type' | 'cashFlowClass' | 'active' | 'systemKey'>>> => {
  const known = [...new Set(ids.filter(isUuid))];
  const rows = known.length
    ? ((await db('accounts').whereIn('id', known).select('id', 'type', 'cash_flow_class', 'is_active', 'system_key')) as Array<{ id: string; type: Account['type']; cash_flow_class: Account['cashFlowClass']; is_active: boolean; system_key: Account['systemKey'] }>)
    : [];
  return new Map(rows.map((a) => [a.id, { type: a.type, cashFlowClass: a.cash_flow_class, active: a.is_active, systemKey: a.system_key }]));
};
