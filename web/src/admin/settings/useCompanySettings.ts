import { useMutation, useQuery } from '@apollo/client/react';
import { UPDATE_COMPANY_SETTINGS } from './graphql/mutations/updateCompanySettings';
import { COMPANY_SETTINGS } from './graphql/queries/companySettings';
import { parseReminderDay } from './reminderDays';

export interface CompanySettingsValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  registrationNumber: string;
  vatNumber: string;
  jurisdiction: string;
  /** ISO 3166-1 alpha-2: decides reverse charge and is new clients' country. */
  country: string;
  iban: string;
  bic: string;
  /** Percent: what new products and invoice lines start with. */
  standardVatRate: number;
  /** Payment reminder days as typed (whole numbers from the due date; negative: before it). */
  reminderDays: string[];
}

export const useCompanySettings = () => {
  const { data, loading, error } = useQuery(COMPANY_SETTINGS);
  return { settings: data?.companySettings, loading, error };
};

export const useUpdateCompanySettings = () => {
  const [update, { loading }] = useMutation(UPDATE_COMPANY_SETTINGS, { refetchQueries: ['CompanySettings'], awaitRefetchQueries: true });
  return {
    save: async (v: CompanySettingsValues) => {
      const clean = (s: string | undefined) => (s ?? '').trim();
      await update({
        variables: {
          input: {
            name: clean(v.name),
            address: clean(v.address),
            phone: clean(v.phone),
            email: clean(v.email),
            registrationNumber: clean(v.registrationNumber),
            vatNumber: clean(v.vatNumber),
            jurisdiction: clean(v.jurisdiction),
            country: clean(v.country),
            iban: clean(v.iban),
            bic: clean(v.bic),
            standardVatRate: v.standardVatRate,
            reminderDays: (v.reminderDays ?? []).map(parseReminderDay),
          },
        },
      });
    },
    saving: loading,
  };
};
