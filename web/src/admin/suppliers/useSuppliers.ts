import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SupplierHistoryWire } from '../../../../api/purchases/supplier.service';
import { SYSTEM_ACCOUNT_IDS, type AccountType, type CashFlowClass, type SystemAccountKey } from '../../../../domain/accounting/accounts';
import { purchaseAccountRefusal } from '../../../../domain/purchases/supplier';
import { http } from '../../api/http';
import type { AdminSuppliersQuery } from '../../gql/graphql';
import { useAccounts } from '../accounting/hooks/useAccounts';
import { CREATE_SUPPLIER } from './graphql/mutations/createSupplier';
import { DELETE_SUPPLIER } from './graphql/mutations/deleteSupplier';
import { UPDATE_SUPPLIER } from './graphql/mutations/updateSupplier';
import { SUPPLIER_DEFAULTS } from './graphql/queries/supplierDefaults';
import { SUPPLIERS } from './graphql/queries/suppliers';

export type SupplierView = AdminSuppliersQuery['suppliers'][number];
export type SupplierHistory = SupplierHistoryWire;

/** What the dialog edits: the rate in percent, the terms in days. */
export interface SupplierValues {
  name: string;
  vatNumber?: string;
  country: string;
  address?: string;
  iban?: string;
  defaultAccountId?: string | null;
  defaultVatRate?: number | null;
  paymentTermsDays?: number | null;
}

const refetchQueries = ['AdminSuppliers'];

export const useSuppliers = () => {
  const { data, loading, error, refetch } = useQuery(SUPPLIERS);
  return { suppliers: data?.suppliers, loading: loading && !data, error, refetch };
};

/** The company's country, which a new supplier starts with; undefined until loaded. */
export const useCompanyCountry = (): string | undefined => useQuery(SUPPLIER_DEFAULTS).data?.companySettings.country;

export const useSaveSupplier = () => {
  const [create, created] = useMutation(CREATE_SUPPLIER, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_SUPPLIER, { refetchQueries, awaitRefetchQueries: true });
  const save = async (supplier: SupplierView | null, v: SupplierValues) => {
    const input = {
      name: v.name.trim(),
      vatNumber: v.vatNumber?.trim() ?? '',
      country: v.country,
      address: v.address?.trim() ?? '',
      iban: v.iban?.trim() || null,
      defaultAccountId: v.defaultAccountId || null,
      defaultVatRate: v.defaultVatRate ?? 0,
      paymentTermsDays: v.paymentTermsDays ?? 30,
    };
    // The version the form was filled from: a save over someone else's change is refused, not lost.
    if (supplier) await update({ variables: { id: supplier.id, input: { ...input, version: supplier.version } } });
    else await create({ variables: { input } });
  };
  return { save, saving: created.loading || updated.loading };
};

export const useDeleteSupplier = () => {
  const [remove] = useMutation(DELETE_SUPPLIER, { refetchQueries, awaitRefetchQueries: true });
  return async (id: string) => {
    await remove({ variables: { id } });
  };
};

const SYSTEM_KEYS = new Map(Object.entries(SYSTEM_ACCOUNT_IDS).map(([key, id]) => [id, key as SystemAccountKey]));

export interface ChartAccount {
  id: string;
  code: string;
  accountName: string;
}

/**
 * The chart as the screen needs it: every account by id (a supplier's default stays named after it
 * is deactivated), and the ones a purchase may be booked to, by the domain's own rule (active
 * expense and asset accounts, no money account, no account automatic postings own but bank fees).
 */
export const usePurchaseAccounts = () => {
  const { accounts, loading, error } = useAccounts(true);
  return useMemo(() => {
    const byId = new Map<string, ChartAccount>(accounts.map((a) => [a.id, a]));
    const purchase = accounts
      .filter((a) => purchaseAccountRefusal({ type: a.type as AccountType, cashFlowClass: a.cashFlowClass as CashFlowClass, active: a.isActive, systemKey: SYSTEM_KEYS.get(a.id) ?? null }) === null)
      .sort((a, b) => a.code.localeCompare(b.code));
    return { byId, purchase, loading, error };
  }, [accounts, loading, error]);
};

/** A supplier's changes over REST (GraphQL has no history), fetched each time the drawer opens. */
export const useSupplierHistory = (id: string | undefined) => {
  const [state, setState] = useState<{ entries?: SupplierHistory[]; loading: boolean; error?: unknown }>({ loading: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({ loading: true });
    http.get<SupplierHistory[]>(`/api/suppliers/${encodeURIComponent(id)}/history/`).then(
      (entries) => live && setState({ entries, loading: false }),
      (error: unknown) => live && setState({ loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
};

/** One line of a supplier's statement as `GET /api/suppliers/{id}/statement/` answers it (euros; owed to the supplier positive). */
export interface SupplierStatementLine {
  date: string;
  kind: 'bill' | 'payment' | 'credit_note' | 'refund';
  bill: string;
  invoice_number: string;
  reference: string | null;
  amount: number;
  balance: number;
}

export interface SupplierStatement {
  supplier: string;
  supplier_name: string;
  from: string;
  to: string;
  opening_balance: number;
  lines: SupplierStatementLine[];
  closing_balance: number;
}

/** A supplier's statement over a period (ISO dates): asked again when either changes, or on Retry. */
export const useSupplierStatement = (id: string | undefined, from: string, to: string) => {
  const [state, setState] = useState<{ statement?: SupplierStatement; loading: boolean; error?: unknown }>({ loading: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({ loading: true });
    http.get<SupplierStatement>(`/api/suppliers/${encodeURIComponent(id)}/statement/?${new URLSearchParams({ from, to })}`).then(
      (statement) => live && setState({ statement, loading: false }),
      (error: unknown) => live && setState({ loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [id, from, to, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
};
