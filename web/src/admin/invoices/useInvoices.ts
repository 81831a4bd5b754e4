import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import { CREATE_INVOICE } from './graphql/mutations/createInvoice';
import { DELETE_INVOICE } from './graphql/mutations/deleteInvoice';
import { GENERATE_RECURRING_INVOICES } from './graphql/mutations/generateRecurringInvoices';
import { MARK_INVOICE_PAID } from './graphql/mutations/markInvoicePaid';
import { SEND_INVOICE } from './graphql/mutations/sendInvoice';
import { UPDATE_INVOICE } from './graphql/mutations/updateInvoice';
import { INVOICE } from './graphql/queries/invoice';
import { INVOICES } from './graphql/queries/invoices';
import type { EditableItem, InvoiceFilterValues, InvoiceValues, InvoiceView } from './invoiceTypes';

// Mutations that change one invoice answer with its admin fields, so every view of it (the list,
// a single invoice, the client page) updates from the cache; these refetches cover the rest.
const refetchQueries = ['AdminInvoices', 'ClientDetail', 'AdminSubscriptions', 'AdminOverview'];

/** Server-side pages and filters: the list stays fast with thousands of invoices. */
export const useInvoices = (filters: InvoiceFilterValues, { page, pageSize }: { page: number; pageSize: number }, skip = false) => {
  const { data, loading, error, refetch } = useQuery(
    INVOICES,
    skip
      ? skipToken
      : {
          variables: {
            page: { offset: (page - 1) * pageSize, limit: pageSize },
            clientId: filters.clientId ?? null,
            status: filters.status ?? null,
            overdue: filters.overdue ?? null,
          },
        },
  );
  return { invoices: (data?.invoices.items ?? []) as InvoiceView[], total: data?.invoices.total ?? 0, loading: loading && !data, error, refetch };
};

/** One invoice by id; nothing is fetched without an id. */
export const useInvoice = (id: string | undefined) => {
  const { data, loading, error, refetch } = useQuery(INVOICE, id ? { variables: { id } } : skipToken);
  return { invoice: data?.invoice as InvoiceView | undefined, loading: loading && !data, error, refetch };
};

const toInput = (v: InvoiceValues) => ({
  clientId: v.client,
  invoiceNumber: v.invoiceNumber?.trim() || null,
  date: v.date,
  dueDate: v.dueDate,
  paid: v.paid,
  items: v.items.map(itemInput),
});

/** A form line as the GraphQL item input (also what a credit note's chosen lines send). */
export const itemInput = (i: EditableItem) => ({
  description: i.description,
  quantity: Number(i.quantity ?? 1),
  unitPrice: Number(i.unitPrice),
  vatRate: Number(i.vatRate ?? 0),
  vatCategory: i.vatCategory || null,
  vatExemptionReason: i.vatCategory === 'E' ? i.vatExemptionReason?.trim() || null : null,
  productId: i.productId || null,
});

export const useSaveInvoice = () => {
  const [create, created] = useMutation(CREATE_INVOICE, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_INVOICE, { refetchQueries, awaitRefetchQueries: true });
  const save = async (invoice: InvoiceView | null, v: InvoiceValues) => {
    // An issued invoice is sent back as it is but for its due date and paid flag (the server refuses the rest).
    if (invoice?.issued) {
      const kept = { clientId: invoice.client.id, invoiceNumber: invoice.invoiceNumber, date: invoice.date, dueDate: v.dueDate, paid: v.paid };
      await update({ variables: { id: invoice.id, input: { ...kept, version: invoice.version } } });
    } else if (invoice) await update({ variables: { id: invoice.id, input: { ...toInput(v), version: invoice.version } } });
    else await create({ variables: { input: toInput(v) } });
  };
  return { save, saving: created.loading || updated.loading };
};

export const useInvoiceCommands = () => {
  const [send] = useMutation(SEND_INVOICE, { refetchQueries, awaitRefetchQueries: true });
  const [markPaid] = useMutation(MARK_INVOICE_PAID, { refetchQueries, awaitRefetchQueries: true });
  const [remove] = useMutation(DELETE_INVOICE, { refetchQueries, awaitRefetchQueries: true });
  const [generate, generation] = useMutation(GENERATE_RECURRING_INVOICES, { refetchQueries, awaitRefetchQueries: true });
  return {
    send: (id: string) => send({ variables: { id } }),
    markPaid: (id: string) => markPaid({ variables: { id } }),
    remove: (id: string) => remove({ variables: { id } }),
    generate: () => generate(),
    generating: generation.loading,
  };
};
