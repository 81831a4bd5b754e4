import { describe, expect, it } from 'vitest';
import { plainText, type MailCompany } from '../../platform/mail/branded-mail';
import { confirmationMail as composed, type ConfirmationInput } from './confirmation-mail';

const company: MailCompany = { name: 'Aegis GRC Ltd', labels: { vatNumber: 'VAT number', registration: 'Registration number' } };
const confirmationMail = (input: ConfirmationInput) => {
  const { subject, content } = composed(input, company);
  return { subject, text: plainText(content), content };
};

const input = {
  clientName: 'Northwind Assurance Ltd',
  invoiceNumber: '2026-000042',
  amountCents: 238_050,
  date: '2026-11-22',
  reference: 'pi_123',
  openCents: 0,
  payUrl: 'https://billing.example/pay-invoice/inv-42',
};

describe('confirmationMail', () => {
  it('confirms the amount in German euro format, the invoice, the date as the other mails write it and the reference', () => {
    const mail = confirmationMail({ ...input, language: 'en' });
    expect(mail.subject).toBe('Payment received for invoice 2026-000042');
    expect(mail.text).toContain('Dear Northwind Assurance Ltd,');
    expect(mail.text).toContain('2.380,50\u00a0€ for invoice 2026-000042, received on 22.11.2026');
    expect(mail.text).toContain('Payment reference: pi_123');
    expect(mail.text.trim()).toMatch(/Kind regards,\nAegis GRC Ltd$/);
  });

  it('says the invoice is settled, with no button, only when nothing is left open', () => {
    const mail = confirmationMail({ ...input, language: 'en' });
    expect(mail.text).toContain('This invoice is now settled.');
    expect(mail.content.action).toBeUndefined();
    expect(mail.text).not.toContain('Pay now');
  });

  it.each([
    ['en', 'Amount paid: 2.380,50\u00a0€', 'Still to pay: 119,00\u00a0€', 'There is still 119,00\u00a0€ to pay on this invoice.', 'Pay now'],
    ['el', 'Ποσό πληρωμής: 2.380,50\u00a0€', 'Υπόλοιπο προς πληρωμή: 119,00\u00a0€', 'Απομένει να πληρωθεί ποσό 119,00\u00a0€', 'Πληρωμή τώρα'],
    ['ru', 'Оплачено: 2.380,50\u00a0€', 'Осталось оплатить: 119,00\u00a0€', 'По этому счёту остаётся к оплате 119,00\u00a0€.', 'Оплатить'],
  ])('after a partial payment (%s) says what was paid and what is still owed, with Pay now, never "settled"', (language, paid, open, sentence, payNow) => {
    const mail = confirmationMail({ ...input, language, openCents: 11_900 });
    expect(mail.text).toContain(paid);
    expect(mail.text).toContain(open);
    expect(mail.text).toContain(sentence);
    expect(mail.text).toContain(`${payNow}:\nhttps://billing.example/pay-invoice/inv-42`);
    expect(mail.content.action).toEqual({ label: payNow, url: input.payUrl });
    expect(mail.text).not.toMatch(/settled|εξοφληθεί|Счёт оплачен/);
  });

  it("writes in the client's language, falling back to English", () => {
    expect(confirmationMail({ ...input, language: 'el' }).subject).toBe('Λάβαμε την πληρωμή για το τιμολόγιο 2026-000042');
    expect(confirmationMail({ ...input, language: 'ru' }).text).toContain('Номер платежа: pi_123');
    expect(confirmationMail({ ...input, language: 'de' }).subject).toMatch(/^Payment received/);
  });

  it('leaves the reference line out when there is none', () => {
    expect(confirmationMail({ ...input, language: 'en', reference: null }).text).not.toContain('reference');
  });
});
