import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../common/format';
import type { EntryBalance } from './balance';

/** Debit and credit totals as the admin types, and whether the entry may be saved. */
export const BalanceIndicator = ({ balance }: { balance: EntryBalance }) => {
  const { t } = useTranslation();
  const { debitCents, creditCents, differenceCents, balanced } = balance;
  return (
    <Flex className="journal-balance" wrap gap={16} align="center" role="status" aria-live="polite" data-testid="balance-indicator" data-balanced={balanced}>
      <span>
        {t('admin.accounting.multi.totalDebit')}: <strong className="admin-amount" data-testid="total-debit">{formatMoney(debitCents)}</strong>
      </span>
      <span>
        {t('admin.accounting.multi.totalCredit')}: <strong className="admin-amount" data-testid="total-credit">{formatMoney(creditCents)}</strong>
      </span>
      {balanced ? (
        <span className="balance-ok">
          <CheckCircleFilled aria-hidden /> {t('admin.accounting.multi.balanced')}
        </span>
      ) : (
        <span className="balance-bad" data-testid="balance-problem">
          <WarningFilled aria-hidden />{' '}
          {differenceCents !== 0
            ? t('admin.accounting.multi.difference', { amount: formatMoney(Math.abs(differenceCents)) })
            : t('admin.accounting.multi.incomplete')}
        </span>
      )}
    </Flex>
  );
};
