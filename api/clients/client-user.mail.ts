import type { MailCompany, MailContent } from '../platform/mail/branded-mail';
import { mailLanguage } from '../platform/mail/language';

type Lang = 'en' | 'el' | 'ru';

type Vars = { name: string; username: string; password: string; loginUrl: string };

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  created: string;
  username: string;
  password: string;
  logIn: string;
  changePassword: string;
  closing: string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: 'Your client portal account',
    greeting: (name) => `Dear ${name},`,
    created: 'An account for our client portal has been created for you.',
    username: 'Username',
    password: 'Password',
    logIn: 'Log in',
    changePassword: 'This password is temporary: you will choose your own when you first log in.',
    closing: 'Kind regards,',
  },
  el: {
    subject: 'Ο λογαριασμός σας στην πύλη πελατών',
    greeting: (name) => `Αγαπητέ/ή ${name},`,
    created: 'Δημιουργήθηκε λογαριασμός για εσάς στην πύλη πελατών μας.',
    username: 'Όνομα χρήστη',
    password: 'Κωδικός',
    logIn: 'Σύνδεση',
    changePassword: 'Ο κωδικός αυτός είναι προσωρινός: θα ορίσετε τον δικό σας με την πρώτη σύνδεση.',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    subject: 'Ваша учётная запись в клиентском портале',
    greeting: (name) => `Уважаемый(ая) ${name},`,
    created: 'Для вас создана учётная запись в нашем клиентском портале.',
    username: 'Имя пользователя',
    password: 'Пароль',
    logIn: 'Войти',
    changePassword: 'Этот пароль временный: при первом входе вы зададите собственный.',
    closing: 'С уважением,',
  },
};

/** The portal welcome mail: username, the one-time password and a Log in button. */
export const clientUserMail = (language: string, v: Vars, company: MailCompany): { subject: string; content: MailContent } => {
  const lang = mailLanguage(language);
  const t = texts[lang];
  return {
    subject: t.subject,
    content: {
      language: lang,
      preview: t.created,
      greeting: t.greeting(v.name),
      paragraphs: [t.created],
      details: [
        [t.username, v.username],
        [t.password, v.password],
      ],
      action: { label: t.logIn, url: v.loginUrl },
      after: [t.changePassword],
      closing: t.closing,
      company,
    },
  };
};

/** What the password-reset mail says differently from the welcome mail. */
const resetTexts: Record<Lang, Pick<Texts, 'subject' | 'created' | 'password' | 'changePassword'>> = {
  en: {
    subject: 'Your client portal password was reset',
    created: 'The password of your client portal account was reset, and every session of the account was ended.',
    password: 'New password',
    changePassword: 'This password is temporary: log in and choose your own.',
  },
  el: {
    subject: 'Ο κωδικός σας στην πύλη πελατών επαναφέρθηκε',
    created: 'Ο κωδικός του λογαριασμού σας στην πύλη πελατών επαναφέρθηκε και όλες οι συνδέσεις του λογαριασμού τερματίστηκαν.',
    password: 'Νέος κωδικός',
    changePassword: 'Ο κωδικός αυτός είναι προσωρινός: συνδεθείτε και ορίστε τον δικό σας.',
  },
  ru: {
    subject: 'Пароль от клиентского портала сброшен',
    created: 'Пароль вашей учётной записи в клиентском портале сброшен, все сеансы этой учётной записи завершены.',
    password: 'Новый пароль',
    changePassword: 'Этот пароль временный: войдите и задайте собственный.',
  },
};

/** The mail after an admin reset a client's password: the new one-time password and a Log in button. */
export const clientPasswordResetMail = (language: string, v: Vars, company: MailCompany): { subject: string; content: MailContent } => {
  const lang = mailLanguage(language);
  const { content } = clientUserMail(lang, v, company);
  const r = resetTexts[lang];
  const t = texts[lang];
  return {
    subject: r.subject,
    content: {
      ...content,
      preview: r.created,
      paragraphs: [r.created],
      details: [
        [t.username, v.username],
        [r.password, v.password],
      ],
      after: [r.changePassword],
    },
  };
};
