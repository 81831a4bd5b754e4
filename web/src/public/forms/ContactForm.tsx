import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_MAX_LENGTH, validateContact, type ContactInput } from '../../../../domain/site/form-rules';
import { sendContactMessage } from '../publicApi';
import { FormBanner } from './FormBanner';
import { describedBy, FormField } from './FormField';
import { Honeypot } from './Honeypot';
import { usePublicForm } from './usePublicForm';
import { useSsrForm } from '../../ssr/siteData';
import { currentLanguage } from '../../i18n';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };
export const CONTACT_MESSAGE_ROWS = 5;

export const ContactForm = () => {
  const { t } = useTranslation();
  const form = usePublicForm({
    initial: EMPTY,
    validate: validateContact,
    submit: sendContactMessage,
    successKey: 'contact.success',
    failureKey: 'contact.failure',
    answer: useSsrForm('contact'),
  });
  const { values, errors, setField } = form;
  return (
    <Form layout="vertical" component="div" className="public-form">
      <form ref={form.formRef} method="post" action={`/contact?lng=${currentLanguage()}`} onSubmit={form.onSubmit} noValidate aria-label={t('contact.formTitle')}>
        <FormBanner banner={form.banner} />
        <FormField id="contact-name" label={t('contact.fields.name')} error={errors.name} required>
          <Input id="contact-name" name="name" autoComplete="name" maxLength={FIELD_MAX_LENGTH.name} value={values.name} onChange={(e) => setField('name', e.target.value)} {...describedBy('contact-name', errors.name)} />
        </FormField>
        <FormField id="contact-email" label={t('contact.fields.email')} error={errors.email} required>
          <Input id="contact-email" name="email" type="email" autoComplete="email" maxLength={FIELD_MAX_LENGTH.email} value={values.email} onChange={(e) => setField('email', e.target.value)} {...describedBy('contact-email', errors.email)} />
        </FormField>
        <FormField id="contact-subject" label={t('contact.fields.subject')} error={errors.subject} required>
          <Input id="contact-subject" name="subject" maxLength={FIELD_MAX_LENGTH.subject} value={values.subject} onChange={(e) => setField('subject', e.target.value)} {...describedBy('contact-subject', errors.subject)} />
        </FormField>
        <FormField id="contact-message" label={t('contact.fields.message')} error={errors.message} required>
          <Input.TextArea id="contact-message" name="message" rows={CONTACT_MESSAGE_ROWS} maxLength={FIELD_MAX_LENGTH.message} value={values.message} onChange={(e) => setField('message', e.target.value)} {...describedBy('contact-message', errors.message)} />
        </FormField>
        <Honeypot value={form.honeypot} onChange={form.setHoneypot} />
        <Button type="primary" htmlType="submit" size="large" disabled={form.submitting} loading={form.submitting} aria-busy={form.submitting || undefined}>
          {form.submitting ? t('contact.sending') : t('contact.submit')}
        </Button>
      </form>
    </Form>
  );
};
