import { useQuery } from '@apollo/client/react';
import { COMPANY_COUNTRY } from './graphql/queries/companyCountry';

/** The company's country (Settings): a new client without one is taken to be in it. Undefined until loaded. */
export const useCompanyCountry = (): string | undefined => useQuery(COMPANY_COUNTRY).data?.companySettings.country || undefined;
