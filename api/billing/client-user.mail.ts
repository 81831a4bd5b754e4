type Lang = 'en' | 'el' | 'ru';

const texts: Record<Lang, { subject: string; body: (v: { name: string; username: string; password: string; loginUrl: string }) => string }> = {
  en: {
    subject: 'Your client portal account',
    body: (v) =>
      `Dear ${v.name},\n\nAn account for our client portal has been created for you.\n\nUsername: ${v.username}\nPassword: ${v.password}\n\nLog in at ${v.loginUrl} and change your password after the first login.\n`,
  },
  el: {
    subject: 'Ο λογαριασμός σας στην πύλη πελατών',
    body: (v) =>
      `Αγαπητέ/ή ${v.name},\n\nΔημιουργήθηκε λογαριασμός για εσάς στην πύλη πελατών μας.\n\nΌνομα χρήστη: ${v.username}\nΚωδικός: ${v.password}\n\nΣυνδεθείτε στο ${v.loginUrl} και αλλάξτε τον κωδικό σας μετά την πρώτη σύνδεση.\n`,
  },
  ru: {
    subject: 'Ваша учётная запись в клиентском портале',
    body: (v) =>
      `Уважаемый(ая) ${v.name},\n\nДля вас создана учётная запись в нашем клиентском портале.\n\nИмя пользователя: ${v.username}\nПароль: ${v.password}\n\nВойдите на ${v.loginUrl} и смените пароль после первого входа.\n`,
  },
};

export const mailLanguage = (language: string | null | undefined): Lang => (language === 'el' || language === 'ru' ? language : 'en');

export const clientUserMail = (language: string, v: { name: string; username: string; password: string; loginUrl: string }) => {
  const t = texts[mailLanguage(language)];
  return { subject: t.subject, text: t.body(v) };
};
