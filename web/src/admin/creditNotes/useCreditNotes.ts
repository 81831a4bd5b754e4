import { useMutation, useQuery } from '@apollo/client/react';
import { itemInput } from '../invoices/useInvoices';
import type { EditableItem } from '../invoices/invoiceTypes';
import { ISSUE_CREDIT_NOTE } from './graphql/mutations/issueCreditNote';
import { CREDIT_NOTES } from './graphql/queries/creditNotes';

export interface CreditNoteView {
  id: string;
  creditNoteNumber: string;
  date: string;
  reason: string;
  full: boolean;
  clientId: string;
  clientName: string;
  totalAmount: number;
  /** ISO 4217: its invoice's currency, which its amounts are in. */
  currency: string;
  invoice: { id: string; invoiceNumber: string; date: string };
}

export interface CreditNoteValues {
  reason: string;
  date?: string;
  scope: 'full' | 'lines';
  items: EditableItem[];
}

export const useCreditNotes = (filter: { clientId?: string; invoiceId?: string } = {}) => {
  const { data, loading, error, refetch } = useQuery(CREDIT_NOTES, { variables: { clientId: filter.clientId ?? null, invoiceId: filter.invoiceId ?? null } });
  return { creditNotes: (data?.creditNotes ?? []) as CreditNoteView[], loading: loading && !data, error, refetch };
};

// A credit note changes its invoice (credited, maybe cancelled) and the lists that show it.
const refetchQueries = ['AdminCreditNotes', 'AdminInvoices', 'AdminInvoice', 'ClientDetail', 'AdminOverview'];

export const useIssueCreditNote = () => {
  const [issue, state] = useMutation(ISSUE_CREDIT_NOTE, { refetchQueries, awaitRefetchQueries: true });
  const run = (invoiceId: string, v: CreditNoteValues) =>
    issue({
      variables: {
        invoiceId,
        input: { reason: v.reason.trim(), date: v.date || null, items: v.scope === 'lines' ? v.items.map(itemInput) : null },
      },
    });
  return { issue: run, issuing: state.loading };
};
