import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DisabledReasonText } from './DisabledReasonText';
import { useWebhookEndpoints } from './useIntegrations';
import { disabledByProduct } from './webhooks';
import './integrations.css';

/**
 * The inbox's word on webhooks: the endpoints the product turned off after three days of failed
 * deliveries, each with its last failure, and the way to Settings › Integrations to turn them on
 * again. Nothing while there is none (or the list could not be read: the inbox's own lists matter more).
 */
export const DisabledWebhooksAlert = () => {
  const { t } = useTranslation();
  const { endpoints } = useWebhookEndpoints();
  const disabled = endpoints.filter(disabledByProduct);
  if (disabled.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="admin-toolbar"
      data-testid="inbox-disabled-webhooks"
      title={t('admin.integrations.inbox.title')}
      description={
        <>
          <ul className="integrations-inbox-list">
            {disabled.map((e) => (
              <li key={e.id}>
                <span className="integrations-url">{e.url}</span>
                {e.description && <span className="admin-muted"> · {e.description}</span>}
                <div className="admin-muted">
                  <DisabledReasonText endpoint={e} />
                </div>
              </li>
            ))}
          </ul>
          <Link to="/admin/settings/integrations" className="integrations-inbox-link">
            {t('admin.integrations.inbox.open')}
          </Link>
        </>
      }
    />
  );
};
