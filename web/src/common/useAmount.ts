import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EURO, formatAmount } from './format';

/** The screen's language as a number format takes it ("en", "el", "ru"). */
export const useScreenLanguage = (): string => {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
};

/**
 * `formatAmount` in the screen's language: an amount of a document in its currency (euros when the
 * currency is not given), euros in the spec's German format whatever the language.
 */
export const useFormatAmount = (): ((amount: number, currency: string | null | undefined) => string) => {
  const language = useScreenLanguage();
  return useCallback((amount: number, currency: string | null | undefined) => formatAmount(amount, currency ?? EURO, language), [language]);
};
