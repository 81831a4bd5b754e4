import { describe, expect, it } from 'vitest';
import { plainText, type MailCompany } from '../../mail/branded-mail';
import { confirmationMail as composed, type ConfirmationInput } from './confirmation-mail';

const company: MailCompany = { name: 'Aegis GRC Ltd', labels: { vatNumber: 'VAT number', registration: 'Registration number' } };
const confirmationMail = (input: ConfirmationInput) => {
  const { subject, content } = composed(input, company);
  return { subject, text: plainText(content) };
};

const input = {
  clientName: 'Northwind Assurance Ltd',
  invoiceNumber: '2026-000042',
  amountCents: 238_050,
  date: '2026-11-22',
  reference: 'pi_123',
};

describe('confirmationMail', () => {
  it('confirms the amount in German euro format, the invoice, the date and the reference', () => {
    const mail = confirmationMail({ ...input, language: 'en' });
    expect(mail.subject).toBe('Payment received for invoice 2026-000042');
    expect(mail.text).toContain('Dear Northwind Assurance Ltd,');
    expect(mail.text).toContain('2.380,50\u00a0€ for invoice 2026-000042, received on 22/11/2026');
    expect(mail.text).toContain('Payment reference: pi_123');
    expect(mail.text.trim()).toMatch(/Kind regards,\nAegis GRC Ltd$/);
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
