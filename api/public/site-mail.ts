import type { Knex } from 'knex';
import type { ContactInput, DemoInput } from '../../domain/site/form-rules';
import { enqueueMail } from '../mail/outbox';

const lines = (pairs: [string, string | undefined][]): string =>
  pairs.map(([label, value]) => `${label}: ${value ?? '-'}`).join('\n');

/** Tells sales about a contact message; same transaction as the insert, so both or neither happen. */
export const mailContactToSales = (trx: Knex, id: string, salesEmail: string, input: ContactInput) =>
  enqueueMail(trx, {
    key: `contact-message:${id}:sales`,
    to: salesEmail,
    subject: `Website contact: ${input.subject}`,
    text: `${lines([
      ['Name', input.name],
      ['Email', input.email],
      ['Subject', input.subject],
    ])}\n\n${input.message}\n`,
  });

/**
 * Tells sales about a demo request and, unless `confirm` is false (the recipient's daily cap is
 * reached), confirms it to the address given. That address is unverified: its message carries
 * nothing the visitor typed except the validated date and time, so the form cannot be used to
 * send someone else a text of the sender's choosing.
 */
export const mailDemoRequest = async (trx: Knex, id: string, salesEmail: string, companyName: string, input: DemoInput, confirm: boolean) => {
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
    ])}\n\n${input.message ?? ''}\n${confirm ? '' : '\nNo confirmation was mailed to the requester: that address reached its daily limit of confirmations.\n'}`,
  });
  if (!confirm) return;
  await enqueueMail(trx, {
    key: `demo-request:${id}:requester`,
    to: input.email,
    subject: `Your ${companyName} demo request`,
    text:
      `Hello,\n\nWe received a request for a demo of the ${companyName} GRC platform on ${input.date} at ${input.time}.\n` +
      `Our team will contact you soon to confirm the details. If you did not make this request, please ignore this message.\n\n${companyName}\n`,
  });
};
