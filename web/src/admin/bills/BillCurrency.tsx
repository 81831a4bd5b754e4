import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EURO, formatDate, formatEuros } from '../../common/format';
import type { BillView } from './billApi';

/** Where a missing exchange rate is imported or entered. */
export const RATES_PATH = '/admin/settings/rates';

/**
 * A refusal in a bill's dialog; one that names a missing exchange rate (worded as the invoice
 * screens word it: its currency and day) also links to the Exchange rates screen, where it is entered.
 */
export const RefusalAlert = ({ text, noRate, testId }: { text: string; noRate: boolean; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={text}
      description={
        noRate ? (
          <Link to={RATES_PATH} className="bill-rates-link" data-testid="bill-rates-link">
            {t('admin.bills.currency.openRates')}
          </Link>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
};

/**
 * A posted bill in another currency as the books hold it: its gross in euros and the rate it was
 * booked at, as the invoice's document states its rate ("1 EUR = 1.1 USD", the rate as stored, with
 * the day it is of); null for a bill in euros or a draft (not booked yet).
 */
export const useBookedText = (): ((bill: BillView) => string | null) => {
  const { t } = useTranslation();
  return (bill) => {
    if ((bill.currency || EURO) === EURO || bill.total_eur === null || !bill.exchange_rate || !bill.rate_date) return null;
    return t('admin.bills.currency.bookedAt', { amount: formatEuros(bill.total_eur), rate: bill.exchange_rate, currency: bill.currency, date: formatDate(bill.rate_date) });
  };
};
