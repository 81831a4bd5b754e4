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

export const mailDemoRequest = async (trx: Knex, id: string, salesEmail: string, companyName: string, input: DemoInput) => {
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
    ])}\n\n${input.message ?? ''}\n`,
  });
  await enqueueMail(trx, {
    key: `demo-request:${id}:requester`,
    to: input.email,
    subject: `Your ${companyName} demo request`,
    text:
      `Dear ${input.name},\n\nThank you for booking a demo of the ${companyName} GRC platform for ${input.company}.\n` +
      `Requested slot: ${input.date} at ${input.time}.\n\nOur team will contact you soon to confirm the details.\n\n${companyName}\n`,
  });
};
