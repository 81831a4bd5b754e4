import { Alert, Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../accounting/hooks/graphqlErrors';
import { cleanTextRule } from '../common/cleanText';
import { FormModal } from '../common/FormModal';
import { useFeedback } from '../common/useFeedback';
import { DisabledReasonText } from './DisabledReasonText';
import { EventName } from './EventName';
import { useWebhookCommands } from './useIntegrations';
import {
  allEventsState,
  endpointFormValues,
  endpointPatch,
  NEW_ENDPOINT_VALUES,
  newEndpointInput,
  WEBHOOK_EVENT_TYPES,
  webhookUrlProblem,
  type WebhookEndpointView,
  type WebhookEventType,
  type WebhookFormValues,
} from './webhooks';
import type { ShownSecret } from './SecretOnceModal';

const K = 'admin.integrations.webhooks';
const FORM_FIELDS = ['url', 'description', 'events', 'enabled'] as const;
const URL_PROBLEMS = { required: 'admin.validation.required', invalid: `${K}.urlInvalid`, scheme: `${K}.urlScheme`, credentials: `${K}.urlCredentials` } as const;

/** The events as ticks, under an "All events" box that ticks or unticks them all (half-ticked when some are). */
const EventsField = ({ value = [], onChange, id }: { value?: WebhookEventType[]; onChange?: (events: WebhookEventType[]) => void; id?: string }) => {
  const { t } = useTranslation();
  const all = allEventsState(value);
  return (
    <div className="integrations-events" id={id}>
      <Checkbox checked={all.checked} indeterminate={all.indeterminate} onChange={(e) => onChange?.(e.target.checked ? [...WEBHOOK_EVENT_TYPES] : [])} data-testid="webhook-all-events">
        <strong>{t(`${K}.allEvents`)}</strong>
      </Checkbox>
      <Checkbox.Group className="integrations-choices" value={value} onChange={(events) => onChange?.(WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e)))}>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <Checkbox key={event} value={event}>
            <EventName event={event} />
          </Checkbox>
        ))}
      </Checkbox.Group>
    </div>
  );
};

/**
 * Adding an endpoint (its URL, a description and its events; the signing secret comes back once) or
 * editing one (also turning it off or on again; a disabled one says why above the form). An edit
 * sends only what changed.
 */
export const WebhookFormModal = ({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The endpoint edited; null adds one. */
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onCreated: (shown: ShownSecret) => void;
}) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<WebhookFormValues>();
  const { create, update, saving } = useWebhookCommands();

  const save = async (values: WebhookFormValues) => {
    try {
      if (endpoint) {
        const patch = endpointPatch(endpoint, values);
        if (Object.keys(patch).length > 0) await update(endpoint.id, patch);
        onClose();
        feedback.success(t(`${K}.saved`));
      } else {
        const created = await create(newEndpointInput(values));
        onClose();
        onCreated({ title: t('admin.integrations.secret.webhookTitle'), help: t('admin.integrations.secret.webhookHelp'), secret: created.secret });
      }
    } catch (err) {
      const fields = Object.entries(fieldErrorsOf(err)).map(([path, errors]) => ({ name: path.replace(/^input\./, '').split('.')[0]!, errors }));
      const shown = fields.filter((f) => (FORM_FIELDS as readonly string[]).includes(f.name));
      if (shown.length > 0) form.setFields(shown.map((f) => ({ name: f.name as (typeof FORM_FIELDS)[number], errors: f.errors })));
      else feedback.logged(err, 'Failed to save a webhook endpoint');
    }
  };

  return (
    <FormModal<WebhookFormValues>
      open={open}
      title={t(endpoint ? `${K}.editTitle` : `${K}.addTitle`)}
      okText={endpoint ? undefined : t(`${K}.add`)}
      saving={saving}
      form={form}
      name="webhook"
      record={endpoint}
      values={() => (endpoint ? endpointFormValues(endpoint) : NEW_ENDPOINT_VALUES)}
      onCancel={onClose}
      onSave={(values) => void save(values)}
      banner={endpoint && !endpoint.enabled ? <Alert type="warning" showIcon className="admin-toolbar" title={<DisabledReasonText endpoint={endpoint} />} /> : undefined}
    >
      <Form.Item
        name="url"
        label={t(`${K}.url`)}
        extra={t(`${K}.urlHelp`)}
        rules={[
          cleanTextRule(t),
          {
            validator: async (_rule, value: unknown) => {
              const problem = webhookUrlProblem(typeof value === 'string' ? value : '');
              if (problem) throw new Error(t(URL_PROBLEMS[problem]));
            },
          },
        ]}
      >
        <Input type="url" inputMode="url" maxLength={2000} autoComplete="off" placeholder="https://example.com/webhooks" />
      </Form.Item>
      <Form.Item name="description" label={t(`${K}.description`)} rules={[cleanTextRule(t)]}>
        <Input maxLength={300} autoComplete="off" placeholder={t(`${K}.descriptionPlaceholder`)} />
      </Form.Item>
      <Form.Item
        name="events"
        label={t(`${K}.events`)}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (!Array.isArray(value) || value.length === 0) throw new Error(t(`${K}.eventsRequired`));
            },
          },
        ]}
      >
        <EventsField />
      </Form.Item>
      {endpoint && (
        <Form.Item name="enabled" label={t(`${K}.enabled`)} extra={t(`${K}.enabledHelp`)} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormModal>
  );
};
