import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX_LENGTH, validateDemo, type DemoInput } from '../../../../domain/site/form-rules';
import { localToday } from '../../common/format';
import { requestDemo } from '../publicApi';
import { FormBanner } from './FormBanner';
import { describedBy, FormField } from './FormField';
import { Honeypot } from './Honeypot';
import { usePublicForm } from './usePublicForm';
import { useHydrated, usePageDay, useSsrForm } from '../../ssr/siteData';
import { currentLanguage } from '../../i18n';

const EMPTY: Required<DemoInput> = { name: '', email: '', company: '', date: '', time: '', message: '' };
export const DEMO_MESSAGE_ROWS = 4;

export const DemoRequestForm = () => {
  const { t } = useTranslation();
  // The date input's minimum is the visitor's own day, once the browser has taken over from the server's HTML.
  const pageDay = usePageDay();
  const today = useHydrated() ? localToday() : pageDay;
  const form = usePublicForm({
    initial: EMPTY,
    validate: (v) => validateDemo(v, localToday()),
    submit: ({ message, ...rest }) => requestDemo({ ...rest, message: message.trim() || undefined }),
    successKey: 'demo.success',
    failureKey: 'demo.failure',
    answer: useSsrForm('demo'),
  });
  const { values, errors, setField } = form;
  return (
    <Form layout="vertical" component="div" className="public-form">
      <form ref={form.formRef} method="post" action={`/demo-request?lng=${currentLanguage()}`} onSubmit={form.onSubmit} noValidate aria-label={t('demo.formTitle')}>
        <FormBanner banner={form.banner} />
        <FormField id="demo-name" label={t('demo.fields.name')} error={errors.name} required>
          <Input id="demo-name" name="name" autoComplete="name" maxLength={FIELD_MAX_LENGTH.name} value={values.name} onChange={(e) => setField('name', e.target.value)} {...describedBy('demo-name', errors.name)} />
        </FormField>
        <FormField id="demo-email" label={t('demo.fields.email')} error={errors.email} required>
          <Input id="demo-email" name="email" type="email" autoComplete="email" maxLength={FIELD_MAX_LENGTH.email} value={values.email} onChange={(e) => setField('email', e.target.value)} {...describedBy('demo-email', errors.email)} />
        </FormField>
        <FormField id="demo-company" label={t('demo.fields.company')} error={errors.company} required>
          <Input id="demo-company" name="company" autoComplete="organization" maxLength={FIELD_MAX_LENGTH.company} value={values.company} onChange={(e) => setField('company', e.target.value)} {...describedBy('demo-company', errors.company)} />
        </FormField>
        <div className="form-row">
          <FormField id="demo-date" label={t('demo.fields.date')} error={errors.date} required>
            <Input id="demo-date" name="date" type="date" min={today} value={values.date} onChange={(e) => setField('date', e.target.value)} {...describedBy('demo-date', errors.date)} />
          </FormField>
          <FormField id="demo-time" label={t('demo.fields.time')} error={errors.time} required>
            <Input id="demo-time" name="time" type="time" value={values.time} onChange={(e) => setField('time', e.target.value)} {...describedBy('demo-time', errors.time)} />
          </FormField>
        </div>
        <FormField id="demo-message" label={t('demo.fields.message')} error={errors.message}>
          <Input.TextArea id="demo-message" name="message" rows={DEMO_MESSAGE_ROWS} maxLength={FIELD_MAX_LENGTH.message} value={values.message} onChange={(e) => setField('message', e.target.value)} {...describedBy('demo-message', errors.message)} />
        </FormField>
        <Honeypot value={form.honeypot} onChange={form.setHoneypot} />
        <Button type="primary" htmlType="submit" size="large" disabled={form.submitting} loading={form.submitting} aria-busy={form.submitting || undefined}>
          {form.submitting ? t('demo.submitting') : t('demo.submit')}
        </Button>
      </form>
    </Form>
  );
};
