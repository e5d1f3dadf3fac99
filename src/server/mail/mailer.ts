import type { Transporter } from "nodemailer";
import type { Db } from "../../../db/client";
import type { Logger } from "../logger";
import { markMail, queuedMail } from "./outbox";

export interface Mailer {
  /** Ask the worker to look at the outbox now (after a commit that queued mail). */
  poke(): void;
  /** Sends what is queued; resolves when this pass is done. */
  flush(): Promise<number>;
  stop(): void;
}

/**
 * Sends queued mail over SMTP when SMTP_URL is set. Without it the outbox is the mailbox: admins read
 * it in the back office, and nothing is lost.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; logger: Logger; intervalMs?: number }): Mailer {
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
    for (const mail of queuedMail(db, 50)) {
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
        markMail(db, mail.id, "sent");
        sent += 1;
      } catch (err) {
        markMail(db, mail.id, "queued", err instanceof Error ? err.message : String(err));
        opts.logger.warn("mail not sent", { to: "[redacted]", err: err instanceof Error ? err.message : String(err) });
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
