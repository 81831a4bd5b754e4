import { useMutation, useQuery } from '@apollo/client/react';
import { UPDATE_COMPANY_SETTINGS } from './graphql/mutations/updateCompanySettings';
import { COMPANY_SETTINGS } from './graphql/queries/companySettings';
import { parseReminderDay } from './reminderDays';
import type { CompanySettingsFieldsFragment } from '../../gql/graphql';

/**
 * The settings form's values: the company settings as GraphQL answers them (CompanySettingsFields),
 * with the payment reminder days as typed (whole numbers from the due date; negative: before it).
 */
export type CompanySettingsValues = Omit<CompanySettingsFieldsFragment, 'updatedAt' | 'reminderDays'> & { reminderDays: string[] };

export const useCompanySettings = () => {
  const { data, loading, error, refetch } = useQuery(COMPANY_SETTINGS);
  return { settings: data?.companySettings, loading, error, refetch };
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
