import { useTranslation } from 'react-i18next';
import { disabledReasonOf, type DisabledState } from './webhooks';

const K = 'admin.integrations.webhooks';

/** Why an endpoint is disabled, in the screen's language (the last failure as the receiver's answer or the error was written). */
export const DisabledReasonText = ({ endpoint }: { endpoint: DisabledState }) => {
  const { t } = useTranslation();
  const reason = disabledReasonOf(endpoint);
  if (!reason) return null;
  switch (reason.kind) {
    case 'failures':
      return <span data-testid="webhook-disabled-reason">{reason.last ? t(`${K}.disabledFailures`, { last: reason.last }) : t(`${K}.disabledFailuresNoLast`)}</span>;
    case 'user':
      return <span data-testid="webhook-disabled-reason">{t(`${K}.disabledByUser`)}</span>;
    case 'other':
      return <span data-testid="webhook-disabled-reason">{t(`${K}.disabledOther`, { reason: reason.text })}</span>;
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
};
