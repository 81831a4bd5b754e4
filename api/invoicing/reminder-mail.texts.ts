import type { MailCompany, MailContent } from '../platform/mail/branded-mail';
import { mailLanguage } from '../platform/mail/language';

type Lang = 'en' | 'el' | 'ru';

export interface ReminderMailVars {
  clientName: string;
  invoiceNumber: string;
  total: string;
  /** What is still owed (after payments and credit notes). */
  open: string;
  dueDate: string;
  /** Days from the due date to today: negative before it, 0 on it. */
  daysFromDue: number;
  payUrl: string;
}

const ruPlural = new Intl.PluralRules('ru');
const days: Record<Lang, (n: number) => string> = {
  en: (n) => `${n} ${n === 1 ? 'day' : 'days'}`,
  el: (n) => `${n} ${n === 1 ? 'ημέρα' : 'ημέρες'}`,
  ru: (n) => `${n} ${{ one: 'день', few: 'дня' }[ruPlural.select(n) as string] ?? 'дней'}`,
};

type When = 'before' | 'today' | 'overdue';
const whenOf = (daysFromDue: number): When => (daysFromDue < 0 ? 'before' : daysFromDue === 0 ? 'today' : 'overdue');

interface Texts {
  subject: Record<When, (v: ReminderMailVars) => string>;
  /** The sentence that says where the invoice stands; the rest of the mail is the same for all. */
  status: Record<When, (v: ReminderMailVars, d: string) => string>;
  greeting: (v: ReminderMailVars) => string;
  /** Follows the status sentence. */
  stillToPay: (v: ReminderMailVars) => string;
  payNow: string;
  attachedNote: string;
  closing: string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: {
      before: (v) => `Reminder: invoice ${v.invoiceNumber} is due on ${v.dueDate}`,
      today: (v) => `Reminder: invoice ${v.invoiceNumber} is due today`,
      overdue: (v) => `Overdue: invoice ${v.invoiceNumber} was due on ${v.dueDate}`,
    },
    status: {
      before: (v, d) => `This is a friendly reminder that invoice ${v.invoiceNumber} of ${v.total} is due in ${d}, on ${v.dueDate}.`,
      today: (v) => `This is a friendly reminder that invoice ${v.invoiceNumber} of ${v.total} is due today, ${v.dueDate}.`,
      overdue: (v, d) => `Our records show that invoice ${v.invoiceNumber} of ${v.total}, due on ${v.dueDate}, is ${d} overdue.`,
    },
    greeting: (v) => `Dear ${v.clientName},`,
    stillToPay: (v) => `The amount still to pay is ${v.open}.`,
    payNow: 'Pay now',
    attachedNote: 'The invoice is attached. If you have already paid, please disregard this message.',
    closing: 'Kind regards,',
  },
  el: {
    subject: {
      before: (v) => `Υπενθύμιση: το τιμολόγιο ${v.invoiceNumber} λήγει στις ${v.dueDate}`,
      today: (v) => `Υπενθύμιση: το τιμολόγιο ${v.invoiceNumber} λήγει σήμερα`,
      overdue: (v) => `Ληξιπρόθεσμο: το τιμολόγιο ${v.invoiceNumber} έληξε στις ${v.dueDate}`,
    },
    status: {
      before: (v, d) => `Σας υπενθυμίζουμε ότι το τιμολόγιο ${v.invoiceNumber} ποσού ${v.total} λήγει σε ${d}, στις ${v.dueDate}.`,
      today: (v) => `Σας υπενθυμίζουμε ότι το τιμολόγιο ${v.invoiceNumber} ποσού ${v.total} λήγει σήμερα, ${v.dueDate}.`,
      overdue: (v, d) => `Σύμφωνα με τα στοιχεία μας, το τιμολόγιο ${v.invoiceNumber} ποσού ${v.total}, με λήξη στις ${v.dueDate}, είναι ληξιπρόθεσμο εδώ και ${d}.`,
    },
    greeting: (v) => `Αγαπητέ/ή ${v.clientName},`,
    stillToPay: (v) => `Το ποσό που απομένει να πληρωθεί είναι ${v.open}.`,
    payNow: 'Πληρωμή τώρα',
    attachedNote: 'Το τιμολόγιο επισυνάπτεται. Αν έχετε ήδη πληρώσει, παρακαλούμε αγνοήστε αυτό το μήνυμα.',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    subject: {
      before: (v) => `Напоминание: срок оплаты счёта ${v.invoiceNumber} — ${v.dueDate}`,
      today: (v) => `Напоминание: сегодня срок оплаты счёта ${v.invoiceNumber}`,
      overdue: (v) => `Просрочен счёт ${v.invoiceNumber} со сроком оплаты ${v.dueDate}`,
    },
    status: {
      before: (v, d) => `Напоминаем, что срок оплаты счёта ${v.invoiceNumber} на сумму ${v.total} наступает через ${d}, ${v.dueDate}.`,
      today: (v) => `Напоминаем, что сегодня, ${v.dueDate}, наступает срок оплаты счёта ${v.invoiceNumber} на сумму ${v.total}.`,
      overdue: (v, d) => `По нашим данным, счёт ${v.invoiceNumber} на сумму ${v.total} со сроком оплаты ${v.dueDate} просрочен на ${d}.`,
    },
    greeting: (v) => `Уважаемый(ая) ${v.clientName},`,
    stillToPay: (v) => `Остаток к оплате: ${v.open}.`,
    payNow: 'Оплатить',
    attachedNote: 'Счёт во вложении. Если вы уже оплатили его, пожалуйста, не обращайте внимания на это письмо.',
    closing: 'С уважением,',
  },
};

/** A payment reminder in the client's language: before the due date, on it, or after it, with a Pay now button. */
export const reminderMail = (language: string, vars: ReminderMailVars, company: MailCompany): { subject: string; content: MailContent } => {
  const lang = mailLanguage(language);
  const t = texts[lang];
  const when = whenOf(vars.daysFromDue);
  const status = t.status[when](vars, days[lang](Math.abs(vars.daysFromDue)));
  return {
    subject: t.subject[when](vars),
    content: {
      language: lang,
      preview: `${status} ${t.stillToPay(vars)}`,
      greeting: t.greeting(vars),
      paragraphs: [`${status} ${t.stillToPay(vars)}`],
      action: { label: t.payNow, url: vars.payUrl },
      after: [t.attachedNote],
      closing: t.closing,
      company,
    },
  };
};
