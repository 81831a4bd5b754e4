import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Form, Input, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, localToday } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { Badge } from '../../shared/billing-badges';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { confirmed, useFeedback } from '../common/useFeedback';
import {
  areasAfterChange,
  expiryShown,
  nameTaken,
  NEW_TOKEN_VALUES,
  prefixShown,
  TOKEN_AREAS,
  tokenFieldOf,
  tokenInput,
  tokenStatus,
  tokenStatusTone,
  type ApiTokenFormValues,
  type ApiTokenView,
  type TokenArea,
} from './apiTokens';
import type { ShownSecret } from './SecretOnceModal';
import { useApiTokenCommands, useApiTokens } from './useIntegrations';

const K = 'admin.integrations.tokens';
const FORM_FIELDS = ['name', 'scope', 'areas', 'expiresAt'] as const;

/** A moment as the list writes it: its day, and its time when it has one. */
interface Moment {
  day: string;
  time?: string;
}

const momentOf = (iso: string): Moment => ({ day: formatDate(iso), time: dayjs(iso).format('HH:mm') });
const momentText = (m: Moment) => (m.time ? `${m.day} ${m.time}` : m.day);

/** A day, and its time (when it has one) on a line under it: a table's column stays narrow. */
const When = ({ moment, testId }: { moment: Moment; testId?: string }) => (
  <span className="integrations-stack" data-testid={testId}>
    <span className="admin-nowrap">{moment.day}</span>
    {/* A space for whoever reads the text: the column's layout ignores it. */}
    {moment.time && ' '}
    {moment.time && <span className="admin-muted">{moment.time}</span>}
  </span>
);

/** The new-token form: a name, read or write (each said in a line), the areas, and an optional last day. */
const NewTokenModal = ({
  open,
  tokens,
  onClose,
  onCreated,
  onRefused,
}: {
  open: boolean;
  tokens: readonly ApiTokenView[];
  onClose: () => void;
  onCreated: (shown: ShownSecret) => void;
  /** The list is read again: a refusal can come of a token made meanwhile elsewhere (its name taken). */
  onRefused: () => void;
}) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<ApiTokenFormValues>();
  const { create, creating } = useApiTokenCommands();

  const save = async (values: ApiTokenFormValues) => {
    try {
      const created = await create(tokenInput(values));
      onClose();
      onCreated({ title: t('admin.integrations.secret.tokenTitle', { name: created.apiToken.name }), help: t('admin.integrations.secret.tokenHelp'), secret: created.token });
    } catch (err) {
      onRefused();
      // The server's refusals stand under the fields they name; anything else as a notification.
      const fields = Object.entries(fieldErrorsOf(err)).map(([path, errors]) => ({ name: tokenFieldOf(path), errors }));
      const shown = fields.filter((f) => (FORM_FIELDS as readonly string[]).includes(f.name));
      if (shown.length > 0) form.setFields(shown.map((f) => ({ name: f.name as (typeof FORM_FIELDS)[number], errors: f.errors })));
      else feedback.logged(err, 'Failed to create an API token');
    }
  };

  return (
    <FormModal<ApiTokenFormValues>
      open={open}
      title={t(`${K}.formTitle`)}
      okText={t(`${K}.create`)}
      saving={creating}
      form={form}
      name="api-token"
      record={null}
      values={() => NEW_TOKEN_VALUES}
      onCancel={onClose}
      onSave={(values) => void save(values)}
    >
      <Form.Item
        name="name"
        label={t(`${K}.name`)}
        extra={t(`${K}.nameHelp`)}
        rules={[
          { required: true, whitespace: true, message: t('admin.validation.required') },
          cleanTextRule(t),
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value === 'string' && nameTaken(tokens, value)) throw new Error(t(`${K}.nameTaken`));
            },
          },
        ]}
      >
        <Input maxLength={100} autoComplete="off" placeholder={t(`${K}.namePlaceholder`)} />
      </Form.Item>
      <Form.Item name="scope" label={t(`${K}.scope`)}>
        <Radio.Group className="integrations-choices">
          {(['read', 'write'] as const).map((scope) => (
            <Radio key={scope} value={scope} data-testid={`token-scope-${scope}`}>
              <span className="integrations-choice">
                <span>{t(`${K}.scopes.${scope}`)}</span>
                <span className="admin-muted">{t(`${K}.scopeHelp.${scope}`)}</span>
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="areas"
        label={t(`${K}.areas`)}
        normalize={(value: TokenArea[], previous: TokenArea[] | undefined) => areasAfterChange(previous ?? [], value ?? [])}
        // A validator, not `required`: antd would mark the checkbox group aria-required, which a group may not carry.
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (!Array.isArray(value) || value.length === 0) throw new Error(t(`${K}.areasRequired`));
            },
          },
        ]}
      >
        <Checkbox.Group className="integrations-choices">
          {TOKEN_AREAS.map((area) => (
            <Checkbox key={area} value={area} data-testid={`token-area-${area}`}>
              <span className="integrations-choice">
                <span>{t(`${K}.areaNames.${area}`)}</span>
                <span className="admin-muted">{t(`${K}.areaHelp.${area}`)}</span>
              </span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="expiresAt" label={t(`${K}.expiresAt`)} extra={t(`${K}.expiresHelp`)}>
        <IsoDatePicker min={localToday()} />
      </Form.Item>
    </FormModal>
  );
};

/**
 * Settings › Integrations: the API tokens, live first (name, scope, areas, the secret's first
 * characters, created, expires, last used, status), a new one made in a form and its secret shown
 * once, and Revoke, after a confirmation, kept apart under More.
 */
export const ApiTokensCard = ({ onSecret }: { onSecret: (shown: ShownSecret) => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { tokens, loading, error, refetch } = useApiTokens();
  const { revoke } = useApiTokenCommands();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const now = new Date();

  const onRevoke = async (token: ApiTokenView) => {
    if (!confirmed(t(`${K}.confirmRevoke`, { name: token.name }))) return;
    setRevoking(token.id);
    try {
      await revoke(token.id);
      feedback.success(t(`${K}.revoked`, { name: token.name }));
    } catch (err) {
      feedback.logged(err, 'Failed to revoke an API token');
    } finally {
      setRevoking(null);
    }
  };

  const status = (token: ApiTokenView) => {
    const s = tokenStatus(token, now);
    return <Badge tone={tokenStatusTone(s)}>{t(`${K}.statuses.${s}`)}</Badge>;
  };
  const scope = (token: ApiTokenView) => t(`${K}.scopes.${token.scope}`);
  const areas = (token: ApiTokenView) => token.areas.map((a) => t(`${K}.areaNames.${a}`)).join(', ');
  const prefix = (token: ApiTokenView) => <code className="integrations-prefix">{prefixShown(token.prefix)}</code>;
  const expires = (token: ApiTokenView): Moment => {
    if (!token.expiresAt) return { day: t('admin.integrations.never') };
    const shown = expiryShown(token.expiresAt);
    return 'day' in shown ? { day: formatDate(shown.day) } : momentOf(shown.instant);
  };
  const lastUsed = (token: ApiTokenView): Moment => (token.lastUsedAt ? momentOf(token.lastUsedAt) : { day: t('admin.integrations.notYet') });
  const actions = (token: ApiTokenView) =>
    token.revokedAt ? null : (
      <RowActions
        actions={[
          {
            key: 'revoke',
            label: t(`${K}.revoke`),
            ariaLabel: t(`${K}.revokeNamed`, { name: token.name }),
            danger: true,
            apart: true,
            loading: revoking === token.id,
            onClick: () => void onRevoke(token),
            testId: 'token-revoke',
          },
        ]}
      />
    );

  return (
    <Card
      title={t(`${K}.title`)}
      data-testid="api-tokens"
      className="integrations-card"
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)} data-testid="token-new">
          {t(`${K}.new`)}
        </Button>
      }
    >
      <Typography.Paragraph>{t(`${K}.help`)}</Typography.Paragraph>
      <ResponsiveTable<ApiTokenView>
        label={t(`${K}.title`)}
        testId="api-token-list"
        region
        rowKey="id"
        size="small"
        dataSource={tokens}
        pagination={false}
        state={{ loading, error, retry: refetch }}
        locale={{ emptyText: t(`${K}.empty`) }}
        card={(token) => ({
          title: token.name,
          subtitle: prefix(token),
          status: (
            <span className="admin-badges">
              {status(token)}
              <Badge tone="default">{scope(token)}</Badge>
            </span>
          ),
          fields: [
            { key: 'areas', label: t(`${K}.areas`), value: areas(token) },
            { key: 'created', label: t(`${K}.created`), value: formatDate(token.createdAt) },
            { key: 'expires', label: t(`${K}.expires`), value: momentText(expires(token)) },
            { key: 'lastUsed', label: t(`${K}.lastUsed`), value: <span data-testid="token-last-used">{momentText(lastUsed(token))}</span> },
          ],
          actions: actions(token),
        })}
        columns={[
          // The secret's first characters under the name, as on a phone: a column of their own would push Actions out of a 1280 px window in Greek.
          {
            key: 'name',
            title: t(`${K}.name`),
            render: (_, token) => (
              <span className="integrations-stack">
                <span className="integrations-name">{token.name}</span>
                {prefix(token)}
              </span>
            ),
          },
          { key: 'scope', title: t(`${K}.scope`), render: (_, token) => <span className="integrations-narrow">{scope(token)}</span> },
          { key: 'areas', title: t(`${K}.areas`), render: (_, token) => <span className="integrations-narrow">{areas(token)}</span> },
          { key: 'created', title: t(`${K}.created`), render: (_, token) => <span className="admin-nowrap">{formatDate(token.createdAt)}</span> },
          { key: 'expires', title: t(`${K}.expires`), render: (_, token) => <When moment={expires(token)} /> },
          { key: 'lastUsed', title: t(`${K}.lastUsed`), render: (_, token) => <When moment={lastUsed(token)} testId="token-last-used" /> },
          { key: 'status', title: t(`${K}.status`), render: (_, token) => status(token) },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, token) => actions(token) },
        ]}
      />
      <NewTokenModal open={creating} tokens={tokens} onClose={() => setCreating(false)} onCreated={onSecret} onRefused={() => void refetch().catch(() => undefined)} />
    </Card>
  );
};
