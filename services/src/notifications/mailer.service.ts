import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LocalOutbox } from './local-outbox';

/** One e-mail to one user. */
export interface OutgoingMail {
  userId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
}

/** An SMTP server that does not answer in this long fails the try (the job retries it later). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends e-mail with nodemailer: through SMTP_URL when set; otherwise, outside production, into the
 * local outbox (the message the SMTP server would have got, as an .eml file); in production without
 * SMTP_URL, not at all (`available` is false and the site offers no e-mail).
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;
  private readonly from: string;
  /** The transport only renders the message; the outbox keeps it. */
  private readonly useOutbox: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: LocalOutbox,
  ) {
    const { smtpUrl, outbox: useOutbox, mailFrom } = config.notifications;
    this.from = mailFrom;
    this.transport = smtpUrl
      ? createTransport({
          url: smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : useOutbox
        ? createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : null;
    this.useOutbox = !smtpUrl && useOutbox;
    if (!this.transport) this.logger.warn('SMTP_URL is not set: no e-mail is sent (NODE_ENV=production)');
  }

  get available(): boolean {
    return this.transport !== null;
  }

  /** Sends `mail` (or writes it to the outbox); rejects when the server refuses it or cannot be reached. */
  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) throw new Error('no e-mail transport (SMTP_URL is not set)');
    const { userId, ...message } = mail;
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { message?: Buffer };
    if (this.useOutbox && info.message)
      await this.outbox.save(userId, info.message, { to: mail.to, subject: mail.subject, text: mail.text });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
