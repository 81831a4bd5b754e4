type Lang = 'en' | 'el' | 'ru';

/** en, el or ru: the recipient's language when the product speaks it, else English. */
export const mailLanguage = (language: string | null | undefined): Lang => (language === 'el' || language === 'ru' ? language : 'en');
