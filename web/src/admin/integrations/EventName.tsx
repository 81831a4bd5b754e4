import { useTranslation } from 'react-i18next';
import { eventOfRestName, restEventName, type WebhookEventType } from './webhooks';

/**
 * A webhook event in words and by its technical name, "Invoice paid · invoice.paid": the words for
 * the reader, the name for whoever writes the receiver. An event this screen does not know (a
 * newer server's) shows its technical name alone.
 */
export const EventName = ({ event, rest }: { event?: WebhookEventType; rest?: string }) => {
  const { t } = useTranslation();
  const known = event ?? (rest ? eventOfRestName(rest) : null);
  const technical = known ? restEventName(known) : (rest ?? '');
  return (
    <span className="integrations-event">
      {known && <span>{t(`admin.integrations.webhooks.eventNames.${known}`)}</span>}
      {known && <span aria-hidden> · </span>}
      <code className="integrations-event-code">{technical}</code>
    </span>
  );
};
