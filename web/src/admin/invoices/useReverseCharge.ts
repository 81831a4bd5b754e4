import { skipToken, useQuery } from '@apollo/client/react';
import { isReverseCharge } from '../../../../domain/invoice/vat';
import { INVOICE_PARTIES } from './graphql/queries/invoiceParties';

/**
 * What the chosen client decides of an invoice being written: whether it is under reverse charge,
 * by the server's own rule (domain/invoice/vat.ts), so the form's totals match what the invoice
 * will carry; and its currency, the one the invoice is written in. False and undefined while
 * nothing is chosen or loaded.
 */
export const useInvoiceParties = (clientId: string | undefined): { reverseCharge: boolean; currency: string | undefined } => {
  const { data } = useQuery(INVOICE_PARTIES, clientId ? { variables: { clientId } } : skipToken);
  if (!data) return { reverseCharge: false, currency: undefined };
  return {
    reverseCharge: isReverseCharge({ seller: data.companySettings, buyer: { country: data.client.country, vatNumber: data.client.vatNumber } }),
    currency: data.client.currency,
  };
};

/** Whether an invoice to this client is written under reverse charge (see useInvoiceParties). */
export const useReverseCharge = (clientId: string | undefined): boolean => useInvoiceParties(clientId).reverseCharge;
