import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { type Outgoing, type Transport, TransportError } from './transport.ts';

export interface EmailSettings {
  /** SMTP server (smtp://user:pass@host:port); null writes each e-mail as an .eml file instead. */
  smtpUrl: string | null;
  from: string;
  /** DATA_DIR/mail: where the .eml files go without SMTP. */
  mailDir: string;
}

function mailOf(message: Outgoing, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject ?? '',
    text: message.body,
    headers: { 'Content-Language': message.language },
  };
}

/** SMTP's 5xx replies are final (no such mailbox, refused); anything else may pass on a later attempt. */
function refusal(error: unknown): TransportError {
  const code = (error as { responseCode?: number }).responseCode;
  const text = error instanceof Error ? error.message : String(error);
  return new TransportError(text, code !== undefined && code >= 500 && code < 600);
}

/** E-mail over SMTP, or with no SMTP_URL one RFC 822 file per message that any mail program opens. */
export function emailTransport(settings: EmailSettings): Transport {
  if (settings.smtpUrl) {
    const smtp = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(message) {
        try {
          await smtp.sendMail(mailOf(message, settings.from));
        } catch (error) {
          throw refusal(error);
        }
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await files.sendMail(mailOf(message, settings.from));
      await mkdir(settings.mailDir, { recursive: true });
      const stamp = message.createdAt.replace(/[:.]/g, '-');
      await writeFile(join(settings.mailDir, `${stamp}-${message.id}.eml`), info.message as Buffer);
    },
  };
}
