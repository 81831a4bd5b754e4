/** The payment confirmation e-mail in the client's language (en, el, ru; anything else gets en). */
export interface ConfirmationInput {
  language: string;
  clientName: string;
  invoiceNumber: string;
  amountCents: number;
  date: string;
  reference: string | null;
  companyName: string;
}

const euros = (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const day = (iso: string) => iso.split('-').reverse().join('/');

type Texts = { subject: string; body: (p: { name: string; amount: string; number: string; date: string; reference: string; company: string }) => string };

const TEXTS: Record<'en' | 'el' | 'ru', Texts> = {
  en: {
    subject: 'Payment received for invoice',
    body: (p) =>
      `Dear ${p.name},\n\nThank you for your payment of ${p.amount} for invoice ${p.number}, received on ${p.date}.\n${p.reference}\nThis invoice is now settled. No further action is needed.\n\nKind regards,\n${p.company}`,
  },
  el: {
    subject: 'Λάβαμε την πληρωμή για το τιμολόγιο',
    body: (p) =>
      `Αγαπητέ/ή ${p.name},\n\nΣας ευχαριστούμε για την πληρωμή ${p.amount} για το τιμολόγιο ${p.number}, που λάβαμε στις ${p.date}.\n${p.reference}\nΤο τιμολόγιο έχει πλέον εξοφληθεί. Δεν απαιτείται καμία άλλη ενέργεια.\n\nΜε εκτίμηση,\n${p.company}`,
  },
  ru: {
    subject: 'Получен платёж по счёту',
    body: (p) =>
      `Уважаемый(ая) ${p.name},\n\nБлагодарим вас за оплату в размере ${p.amount} по счёту ${p.number}, полученную ${p.date}.\n${p.reference}\nСчёт оплачен. Никаких дальнейших действий не требуется.\n\nС уважением,\n${p.company}`,
  },
};

const REFERENCE: Record<'en' | 'el' | 'ru', string> = { en: 'Payment reference', el: 'Αναφορά πληρωμής', ru: 'Номер платежа' };

export const confirmationMail = (input: ConfirmationInput): { subject: string; text: string } => {
  const lng = input.language === 'el' || input.language === 'ru' ? input.language : 'en';
  const texts = TEXTS[lng];
  return {
    subject: `${texts.subject} ${input.invoiceNumber}`,
    text: texts.body({
      name: input.clientName,
      amount: euros(input.amountCents),
      number: input.invoiceNumber,
      date: day(input.date),
      reference: input.reference ? `${REFERENCE[lng]}: ${input.reference}\n` : '',
      company: input.companyName,
    }),
  };
};
