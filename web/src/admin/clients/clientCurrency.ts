import { skipToken, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { CLIENT_CURRENCIES, CLIENT_CURRENCY_FIXED, CLIENT_CURRENCY_INVALID } from '../../../../domain/currency/currencies';
import { currencyLabel } from '../../common/format';
import { CLIENT_DOCUMENTS } from './graphql/queries/clientDocuments';

/** The server's refusals of a client's currency (the domain's texts), each with the key of the screen's wording. */
export const CLIENT_CURRENCY_TEXTS: Readonly<Record<string, string>> = {
  [CLIENT_CURRENCY_FIXED]: 'admin.clients.currencyFixed',
  [CLIENT_CURRENCY_INVALID]: 'admin.clients.currencyInvalid',
};

/** The currencies a client may be invoiced in, the euro first, each as "USD · US dollar" in the screen's language. */
export const useCurrencyOptions = (language: string): { value: string; label: string }[] =>
  useMemo(() => CLIENT_CURRENCIES.map((code) => ({ value: code, label: currencyLabel(code, language) })), [language]);

/**
 * Whether the client has invoices or subscriptions, so its currency can no longer change: undefined
 * while unknown (a new client has none).
 */
export const useCurrencyKept = (clientId: string | undefined, open: boolean): boolean | undefined => {
  const { data } = useQuery(CLIENT_DOCUMENTS, clientId && open ? { variables: { clientId }, fetchPolicy: 'network-only' } : skipToken);
  if (!clientId) return false;
  if (!data) return undefined;
  return data.invoices.total > 0 || data.subscriptions.total > 0;
};
