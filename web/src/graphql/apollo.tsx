import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useMemo, type ReactNode } from 'react';
import { readCookie } from '../api/http';

/** Every GraphQL request of a logged-in area echoes the session's CSRF token, as REST calls do. */
const csrfFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  const token = readCookie('csrftoken');
  if (token) headers.set('X-CSRFToken', decodeURIComponent(token));
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
};

export const createApolloClient = (): ApolloClient =>
  new ApolloClient({
    link: new HttpLink({ uri: '/graphql', fetch: csrfFetch }),
    // The company settings are one record without an id: queries asking for different fields of
    // it (the settings page, the invoice parties, the standard VAT rate) merge into it. A myDATA
    // transmission is known by its document, and the myDATA settings are one record: what a
    // mutation answers of either replaces what the screens show.
    cache: new InMemoryCache({
      typePolicies: { CompanySettings: { merge: true }, MyDataTransmission: { keyFields: ['documentId'] }, MyDataSettings: { keyFields: [] } },
    }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });

/**
 * Apollo for the admin and portal areas only: it is imported from their lazy chunks, so the
 * public pages never download it.
 */
export const AreaApolloProvider = ({ children }: { children: ReactNode }) => {
  const client = useMemo(createApolloClient, []);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
};
