import type { MailCompany, MailContent } from '../mail/branded-mail';

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
    changePassword: 'Please change your password after the first login.',
    closing: 'Kind regards,',
  },
  el: {
    subject: 'Ο λογαριασμός σας στην πύλη πελατών',
    greeting: (name) => `Αγαπητέ/ή ${name},`,
    created: 'Δημιουργήθηκε λογαριασμός για εσάς στην πύλη πελατών μας.',
    username: 'Όνομα χρήστη',
    password: 'Κωδικός',
    logIn: 'Σύνδεση',
    changePassword: 'Παρακαλούμε αλλάξτε τον κωδικό σας μετά την πρώτη σύνδεση.',
    closing: 'Με εκτίμηση,',
  },
  ru: {
    subject: 'Ваша учётная запись в клиентском портале',
    greeting: (name) => `Уважаемый(ая) ${name},`,
    created: 'Для вас создана учётная запись в нашем клиентском портале.',
    username: 'Имя пользователя',
    password: 'Пароль',
    logIn: 'Войти',
    changePassword: 'Пожалуйста, смените пароль после первого входа.',
    closing: 'С уважением,',
  },
};

export const mailLanguage = (language: string | null | undefined): Lang => (language === 'el' || language === 'ru' ? language : 'en');

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
