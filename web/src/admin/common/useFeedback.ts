import { App } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../accounting/hooks/graphqlErrors';

/**
 * The spec's alerts (exact texts, antd message) and its "only logged" failures: logged to the
 * console and shown as a non-blocking notification so the admin is not left guessing.
 */
export const useFeedback = () => {
  const { message, notification } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      success: (text: string) => void message.success(text),
      error: (text: string) => void message.error(text),
      info: (text: string) => void message.info(text),
      logged: (err: unknown, context: string) => {
        console.error(context, err);
        notification.error({ title: t('notifications.requestFailed'), description: errorText(err), placement: 'bottomRight', duration: 6 });
      },
    }),
    [message, notification, t],
  );
};

/**
 * The server's message (our error model, in the screen's language when it gives a reason) with each
 * field's reason that says more ("Please correct the errors below." alone would leave the admin
 * guessing which field), or the browser's; never a stack trace.
 */
export const errorText = (err: unknown): string => refusalText(err);

/** The spec's confirmations use the browser's own confirm dialog with the exact text. */
export const confirmed = (text: string): boolean => window.confirm(text);

/** A list that failed to load: the spec only logs it; the admin also gets a notification once per error. */
export const useReportLoadError = (error: unknown, context: string) => {
  const feedback = useFeedback();
  useEffect(() => {
    if (error) feedback.logged(error, context);
  }, [error, context, feedback]);
};
