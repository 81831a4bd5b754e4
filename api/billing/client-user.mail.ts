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

const resetTexts: typeof texts = {
  en: {
    subject: 'Your client portal password was reset',
    body: (v) =>
      `Dear ${v.name},\n\nThe password of your client portal account was reset, and every session of the account was ended.\n\nUsername: ${v.username}\nNew password: ${v.password}\n\nLog in at ${v.loginUrl} and change your password.\n`,
  },
  el: {
    subject: 'Ο κωδικός σας στην πύλη πελατών επαναφέρθηκε',
    body: (v) =>
      `Αγαπητέ/ή ${v.name},\n\nΟ κωδικός του λογαριασμού σας στην πύλη πελατών επαναφέρθηκε και όλες οι συνδέσεις του λογαριασμού τερματίστηκαν.\n\nΌνομα χρήστη: ${v.username}\nΝέος κωδικός: ${v.password}\n\nΣυνδεθείτε στο ${v.loginUrl} και αλλάξτε τον κωδικό σας.\n`,
  },
  ru: {
    subject: 'Пароль от клиентского портала сброшен',
    body: (v) =>
      `Уважаемый(ая) ${v.name},\n\nПароль вашей учётной записи в клиентском портале сброшен, все сеансы этой учётной записи завершены.\n\nИмя пользователя: ${v.username}\nНовый пароль: ${v.password}\n\nВойдите на ${v.loginUrl} и смените пароль.\n`,
  },
};

export const clientPasswordResetMail = (language: string, v: { name: string; username: string; password: string; loginUrl: string }) => {
  const t = resetTexts[mailLanguage(language)];
  return { subject: t.subject, text: t.body(v) };
};

export const clientUserMail = (language: string, v: { name: string; username: string; password: string; loginUrl: string }) => {
  const t = texts[mailLanguage(language)];
  return { subject: t.subject, text: t.body(v) };
};
