import { skipToken, useQuery } from '@apollo/client/react';
import { isReverseCharge } from '../../../../domain/invoice/vat';
import { INVOICE_PARTIES } from './graphql/queries/invoiceParties';

/**
 * Whether an invoice to this client is written under reverse charge, by the server's own rule
 * (domain/invoice/vat.ts), so the form's totals match what the invoice will carry. False while
 * nothing is chosen or loaded.
 */
export const useReverseCharge = (clientId: string | undefined): boolean => {
  const { data } = useQuery(INVOICE_PARTIES, clientId ? { variables: { clientId } } : skipToken);
  if (!data) return false;
  return isReverseCharge({ seller: data.companySettings, buyer: { country: data.client.country, vatNumber: data.client.vatNumber } });
};
