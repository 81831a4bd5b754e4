import type { Knex } from 'knex';
import { oneLine } from '../../../domain/shared/text';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Base64 content (the outbox is a JSON column). */
  contentBase64: string;
}

export interface OutgoingMail {
  /** Idempotency key: enqueueing the same key twice stores one mail. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * Queues a mail in the caller's transaction, so it is sent if and only if that transaction commits.
 * The dispatcher (mail-dispatcher.ts) delivers it later with retries. The header values are made
 * one line here, whatever their source: a line break in a subject would start a header of the
 * sender's choosing (nodemailer folds them too; this does not rely on it).
 */
export const enqueueMail = async (db: Knex, mail: OutgoingMail): Promise<void> => {
  await db('mail_outbox')
    .insert({
      key: mail.key,
      to: oneLine(mail.to),
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html ?? null,
      attachments: JSON.stringify(mail.attachments ?? []),
    })
    .onConflict('key')
    .ignore();
};

export const attachment = (filename: string, contentType: string, content: Buffer): MailAttachment => ({
  filename,
  contentType,
  contentBase64: content.toString('base64'),
});
