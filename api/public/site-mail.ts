import type { Knex } from 'knex';
import type { ContactInput, DemoInput } from '../../domain/site/form-rules';
import { oneLine } from '../../domain/shared/text';
import { renderMail, type MailContent } from '../platform/mail/branded-mail';
import { mailLanguage } from '../platform/mail/language';
import { mailDay } from '../invoicing';
import { mailCompanyOf } from '../company';
import { enqueueMail } from '../platform/mail/outbox';

type Lang = 'en' | 'el' | 'ru';

/**
 * Confirmations to an unverified address: fixed words in the visitor's language, the company's
 * name and, for a demo, the validated date and time; never text the visitor typed.
 */
const CONFIRMATIONS: Record<Lang, { demoSubject: (company: string) => string; contactSubject: (company: string) => string; hello: string; demo: (company: string, date: string, time: string) => string; contact: string; followUp: string; notYou: string; closing: string }> = {
  en: {
    demoSubject: (c) => `Your ${c} demo request`,
    contactSubject: (c) => `We received your message – ${c}`,
    hello: 'Hello,',
    demo: (c, date, time) => `We received a request for a demo of the ${c} GRC platform on ${date} at ${time}.`,
    contact: 'Thank you for contacting us. We received your message and will reply as soon as possible.',
    followUp: 'Our team will contact you soon to confirm the details.',
    notYou: 'If you did not make this request, please ignore this message.',
    closing: 'Kind regards,',
  },
  el: {
    demoSubject: (c) => `Το αίτημά σας για επίδειξη του ${c}`,
    contactSubject: (c) => `Λάβαμε το μήνυμά σας – ${c}`,
    hello: 'Γεια σας,',
    demo: (c, date, time) => `Λάβαμε αίτημα για επίδειξη της πλατφόρμας GRC της ${c} στις ${date}, ώρα ${time}.`,
    contact: 'Σας ευχαριστούμε που επικοινωνήσατε μαζί μας. Λάβαμε το μήνυμά σας και θα σας απαντήσουμε το συντομότερο.',
    followUp: 'Η ομάδα μας θα επικοινωνήσει σύντομα μαζί σας για να επιβεβαιώσει τις λεπτομέρειες.',
    notYou: 'Αν δεν κάνατε εσείς αυτό το αίτημα, αγνοήστε αυτό το μήνυμα.',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    demoSubject: (c) => `Ваш запрос на демонстрацию ${c}`,
    contactSubject: (c) => `Мы получили ваше сообщение – ${c}`,
    hello: 'Здравствуйте,',
    demo: (c, date, time) => `Мы получили запрос на демонстрацию GRC-платформы ${c} ${date} в ${time}.`,
    contact: 'Благодарим за обращение. Мы получили ваше сообщение и ответим как можно скорее.',
    followUp: 'Наша команда скоро свяжется с вами, чтобы подтвердить детали.',
    notYou: 'Если вы не отправляли этот запрос, просто проигнорируйте это письмо.',
    closing: 'С уважением,',
  },
};

/** The visitor's confirmation of a demo request (with its validated slot) or a contact message. */
export const siteConfirmation = async (trx: Knex, language: string | undefined, slot: { date: string; time: string } | null): Promise<{ subject: string; text: string; html: string }> => {
  const lang = mailLanguage(language);
  const t = CONFIRMATIONS[lang];
  const company = await mailCompanyOf(trx, lang);
  const paragraphs = slot ? [t.demo(company.name, mailDay(slot.date), slot.time), t.followUp] : [t.contact];
  const content: MailContent = { language: lang, preview: paragraphs[0]!, greeting: t.hello, paragraphs, after: [t.notYou], closing: t.closing, company };
  const subject = slot ? t.demoSubject(company.name) : t.contactSubject(company.name);
  return { subject, ...(await renderMail(content, subject)) };
};

const NOT_CONFIRMED = '\nNo confirmation was mailed to the sender: that address reached its daily limit of confirmations.\n';

/** `Label: value` lines; each value stays on its line (the forms refuse line breaks in these fields, and this holds whatever reaches it). */
const lines = (pairs: [string, string | undefined][]): string =>
  pairs.map(([label, value]) => `${label}: ${value === undefined ? '-' : oneLine(value)}`).join('\n');

/**
 * Tells sales about a contact message and, unless `confirm` is false (the recipient's daily cap is
 * reached), confirms its receipt to the address given, in the visitor's language and without
 * their text. Same transaction as the insert, so all or nothing happens.
 */
export const mailContact = async (trx: Knex, id: string, salesEmail: string, input: ContactInput, confirm: boolean, language?: string) => {
  await enqueueMail(trx, {
    key: `contact-message:${id}:sales`,
    to: salesEmail,
    subject: `Website contact: ${input.subject}`,
    text: `${lines([
      ['Name', input.name],
      ['Email', input.email],
      ['Subject', input.subject],
    ])}\n\n${input.message}\n${confirm ? '' : NOT_CONFIRMED}`,
  });
  if (!confirm) return;
  await enqueueMail(trx, { key: `contact-message:${id}:sender`, to: input.email, ...(await siteConfirmation(trx, language, null)) });
};

/**
 * Tells sales about a demo request and, unless `confirm` is false (the recipient's daily cap is
 * reached), confirms it to the address given. That address is unverified: its message carries
 * nothing the visitor typed except the validated date and time, so the form cannot be used to
 * send someone else a text of the sender's choosing.
 */
export const mailDemoRequest = async (trx: Knex, id: string, salesEmail: string, input: DemoInput, confirm: boolean, language?: string) => {
  await enqueueMail(trx, {
    key: `demo-request:${id}:sales`,
    to: salesEmail,
    subject: `Demo request: ${input.company} on ${input.date} at ${input.time}`,
    text: `${lines([
      ['Name', input.name],
      ['Email', input.email],
      ['Company', input.company],
      ['Date', input.date],
      ['Time', input.time],
    ])}\n\n${input.message ?? ''}\n${confirm ? '' : NOT_CONFIRMED}`,
  });
  if (!confirm) return;
  await enqueueMail(trx, { key: `demo-request:${id}:requester`, to: input.email, ...(await siteConfirmation(trx, language, { date: input.date, time: input.time })) });
};
