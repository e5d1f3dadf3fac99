import type { Transporter } from "nodemailer";
import type { Db } from "../../../db/client";
import type { Logger } from "../logger";
import { markMailAttemptFailed, markMailSent, queuedMail } from "./outbox";
import { renderStoredHtml } from "./templates";

export interface Mailer {
  /** Ask the worker to look at the outbox now (after a commit that queued mail). */
  poke(): void;
  /** Sends what is queued; resolves when this pass is done. */
  flush(): Promise<number>;
  stop(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where replies go (MAIL_REPLY_TO); without it, to `from`. */
  replyTo?: string;
  logger: Logger;
  intervalMs?: number;
  /** The clock the back-off reads (tests move it instead of sleeping). */
  now?: () => Date;
}

/**
 * Sends queued mail over SMTP when SMTP_URL is set. Without it the outbox is the mailbox: admins read
 * it in the back office, and nothing is lost. A failed send waits 1 min, 5 min, 30 min, then 2 h
 * before the next try; after the fifth it is marked failed for an admin to see and retry.
 */
export function createMailer(db: Db, opts: MailerOptions): Mailer {
  const now = opts.now ?? (() => new Date());
  // nodemailer is loaded only when there is an SMTP server to talk to.
  let transport: Transporter | null = null;
  const smtpUrl = opts.smtpUrl;
  const ready: Promise<Transporter | null> = smtpUrl
    ? import("nodemailer").then((m) => (transport = m.default.createTransport(smtpUrl)))
    : Promise.resolve(null);
  let running: Promise<number> | null = null;
  let again = false;

  const pass = async (): Promise<number> => {
    const transport = await ready;
    if (!transport) return 0;
    let sent = 0;
    for (const mail of queuedMail(db, 50, now())) {
      try {
        await transport.sendMail({
          from: opts.from,
          replyTo: opts.replyTo,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? renderStoredHtml(mail.kind, mail.data),
          headers: mail.headers ?? undefined,
        });
        markMailSent(db, mail.id, now(), mail.to);
        sent += 1;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const outcome = markMailAttemptFailed(db, mail.id, message, now());
        const fields = {
          mailId: mail.id,
          kind: mail.kind,
          attempts: outcome.attempts,
          nextAttemptAt: outcome.nextAttemptAt?.toISOString() ?? null,
          err: message,
        };
        if (outcome.status === "failed") opts.logger.error("mail failed after the last attempt", fields);
        else opts.logger.warn("mail not sent; will retry", fields);
      }
    }
    return sent;
  };

  const flush = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        void flush();
      }
    });
    return running;
  };

  const timer = smtpUrl ? setInterval(() => void flush(), opts.intervalMs ?? 15_000) : null;
  timer?.unref();

  return {
    poke: () => {
      if (smtpUrl) setImmediate(() => void flush());
    },
    flush,
    stop: () => {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}

export const noopMailer: Mailer = { poke: () => {}, flush: async () => 0, stop: () => {} };
