import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';

/** A sender: a ready address line (MAIL_FROM) or a name and address, which nodemailer encodes. */
export type MailFrom = string | { name: string; address: string };

export interface MailMessage {
  from: MailFrom;
  /** The outbox row's own Message-ID (`<id@domain>`), the same on every attempt. */
  messageId?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

/** SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as an .eml file. */
export const createMailTransport = (config: Pick<Config, 'smtpUrl' | 'dataDir'>, logger: Logger): MailTransport => {
  if (config.smtpUrl) {
    const smtp: Transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (message) => {
        await smtp.sendMail(message);
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(config.dataDir, 'outbox');
  const stream: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await stream.sendMail(message);
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    close: () => stream.close(),
  };
};
