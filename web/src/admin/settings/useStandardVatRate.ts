import { useQuery } from '@apollo/client/react';
import type { FormInstance } from 'antd';
import { useEffect } from 'react';
import { STANDARD_VAT_RATE } from './graphql/queries/standardVatRate';
import { ratesToFill, type FieldPath } from './standardVatRate';

/** The company's standard VAT rate in percent (Settings); undefined until it has loaded. */
export const useStandardVatRate = (): number | undefined => {
  const { data } = useQuery(STANDARD_VAT_RATE);
  return data?.companySettings.standardVatRate;
};

/**
 * New products and invoice lines start with the company's standard rate: the given rate fields are
 * filled while empty and untouched, also when the rate arrives after the form opened. Runs after
 * every render of the caller, which re-renders when its form is refilled or its lines change.
 */
export const useStandardVatRateIn = (form: FormInstance, paths: FieldPath[]): number | undefined => {
  const rate = useStandardVatRate();
  useEffect(() => {
    if (rate === undefined) return;
    for (const path of ratesToFill(paths, { value: (p) => form.getFieldValue(p), touched: (p) => form.isFieldTouched(p) })) form.setFieldValue(path, rate);
  });
  return rate;
};
