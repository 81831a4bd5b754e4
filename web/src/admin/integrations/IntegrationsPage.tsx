import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { SettingsTabs } from '../settings/SettingsTabs';
import { ApiTokensCard } from './ApiTokensCard';
import { SecretOnceModal, type ShownSecret } from './SecretOnceModal';
import { WebhooksCard } from './WebhooksCard';
import './integrations.css';

/**
 * Settings › Integrations (superuser): API tokens, with which other systems use the REST API and
 * GraphQL without signing in, and webhook endpoints, which hear what happens here. Both secrets
 * (a token, an endpoint's signing secret) are shown once, in the same dialog.
 */
export const IntegrationsPage = () => {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  return (
    <AdminPage testId="admin-integrations">
      <PageHeader title={t('admin.settings.title')} />
      <SettingsTabs />
      <Typography.Paragraph>
        {t('admin.integrations.intro')}{' '}
        <Typography.Link href="/api/docs/" target="_blank" underline data-testid="api-reference">
          {t('admin.integrations.reference')}
        </Typography.Link>
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        <ApiTokensCard onSecret={setSecret} />
        <WebhooksCard onSecret={setSecret} />
      </Flex>
      <SecretOnceModal shown={secret} onClose={() => setSecret(null)} />
    </AdminPage>
  );
};
