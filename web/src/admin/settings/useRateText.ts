import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RATE_DECIMALS } from '../../../../domain/currency/rate-texts';

/**
 * A rate as the reader's language writes decimals ("1.1594", "0,86835"), every decimal the rate has
 * (at most six are stored): a rate is an exact figure, never rounded for show.
 */
export const useRateText = (): ((rate: number) => string) => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: RATE_DECIMALS });
    return (rate: number) => format.format(rate);
  }, [i18n.language]);
};
