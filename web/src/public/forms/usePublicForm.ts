import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_INVALID_MESSAGE, FORM_RULE_MESSAGES, type FormErrors, type FormRule } from '../../../../domain/site/form-rules';
import type { SsrFormState } from '../../../../api/platform/contracts/ssr.contract';
import { ApiError } from '../../api/http';
import { useServerForm } from '../../ssr/useServerForm';

export type Banner = { type: 'success' | 'error'; text: string } | null;

// Server texts the web app knows, mapped to their translation keys ("translated if possible").
const RULE_BY_MESSAGE = new Map(Object.entries(FORM_RULE_MESSAGES).map(([rule, text]) => [text, rule as FormRule]));
const KNOWN_SERVER_MESSAGES: Record<string, string> = {
  [FORM_INVALID_MESSAGE]: 'notifications.formInvalid',
  'Too many requests. Please try again later.': 'notifications.tooManyRequests',
};

type Translate = (key: string) => string;

/** A server text in the reader's language when the web app knows it, else as the server wrote it. */
export const translateServerMessage = (message: string, t: Translate): string => {
  const rule = RULE_BY_MESSAGE.get(message);
  if (rule) return t(`forms.errors.${rule}`);
  const key = KNOWN_SERVER_MESSAGES[message];
  return key ? t(key) : message;
};

/** The spec's order: the answer's message (translated if possible), else the client's error text, else the default. */
export const failureText = (err: unknown, t: Translate, defaultKey: string): string =>
  err instanceof ApiError && err.fromServer
    ? translateServerMessage(err.message, t)
    : err instanceof Error && err.message
      ? err.message
      : t(defaultKey);

export interface PublicFormOptions<T extends object> {
  initial: T;
  validate: (values: T) => FormErrors<T>;
  submit: (values: T & { website: string }) => Promise<unknown>;
  successKey: string;
  failureKey: string;
  /** The server's answer when the form was posted without scripts: the page starts from it. */
  answer?: SsrFormState;
}

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * State of a public form: checks with the shared rules before sending, shows the server's field
 * errors, and picks the failure text in the spec's order: the answer's message (translated when
 * known), else the client's error text, else the default.
 */
export const usePublicForm = <T extends object>(options: PublicFormOptions<T>) => {
  const { t } = useTranslation();
  const { answer } = options;
  const ruleText = (rule: FormRule) => t(`forms.errors.${rule}`);
  const serverText = (message: string) => translateServerMessage(message, t);
  const serverErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([f, msg]) => [f, serverText(msg)])) as Errors<T>;

  const [values, setValues] = useState<T>(() => (answer && !answer.sent ? { ...options.initial, ...answer.values } : options.initial));
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Errors<T>>(() => (answer ? serverErrors(answer.errors) : {}));
  const [banner, setBanner] = useState<Banner>(() =>
    !answer ? null : answer.sent ? { type: 'success', text: t(options.successKey) } : { type: 'error', text: answer.message ? serverText(answer.message) : t(options.failureKey) },
  );
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const setField = <K extends keyof T>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  // Typed or sent before the scripts ran: the state takes it over, and a form the browser posted
  // meanwhile stays busy until the server's answer replaces the page.
  const sentEarly = useServerForm(formRef, (name, value) => {
    if (name === 'website') setHoneypot(value);
    else if (name in options.initial) setValues((v) => ({ ...v, [name]: value }));
  });

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found = options.validate(values);
    const fields = Object.keys(found) as (keyof T)[];
    if (fields.length) {
      setErrors(Object.fromEntries(fields.map((f) => [f, ruleText(found[f]!)])) as Errors<T>);
      setBanner({ type: 'error', text: t('notifications.formInvalid') });
      return;
    }
    setErrors({});
    setBanner(null);
    setSubmitting(true);
    try {
      await options.submit({ ...values, website: honeypot });
      setValues(options.initial);
      setBanner({ type: 'success', text: t(options.successKey) });
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setErrors(serverErrors(Object.fromEntries(Object.entries(err.errors).map(([f, msgs]) => [f, msgs[0] ?? '']))));
      }
      setBanner({ type: 'error', text: failureText(err, t, options.failureKey) });
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setField, errors, banner, submitting: submitting || sentEarly, onSubmit, honeypot, setHoneypot, formRef };
};
