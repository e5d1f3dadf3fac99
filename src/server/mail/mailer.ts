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
  /** Whether mail can leave the shop, as far as this worker knows. */
  delivery(): MailDelivery;
  stop(): void;
}

/** What the worker knows of its SMTP server (health and the admin's banner read it). */
export interface MailDelivery {
  /** SMTP_URL is set: without it nothing is ever sent. */
  configured: boolean;
  /** Since when the server could not be reached or refused the shop's mail (null while it takes it). */
  failingSince: Date | null;
  /** That failure's error, as the SMTP client reported it. */
  lastError: string | null;
  /** When the last message left. */
  lastSentAt: Date | null;
  /** Messages sent since the shop started (the operator's metrics). */
  sentCount?: number;
  /** Attempts to send that failed since the shop started, each retried later up to the last. */
  failedAttempts?: number;
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
  /**
   * Runs a sending pass in one process of the shop at a time (several processes on PostgreSQL): resolves
   * with what `pass` sent, or 0 when another process is sending now.
   */
  exclusive?: (pass: () => Promise<number>) => Promise<number>;
}

/**
 * A refusal of one message's recipients (nodemailer's EENVELOPE: "550 no such user") says nothing
 * about the server; anything else (no connection, a timeout, refused sign-in, a greeting or data
 * error) means mail is not leaving the shop.
 */
function isServerFailure(err: unknown): boolean {
  return !(err && typeof err === "object" && "code" in err && err.code === "EENVELOPE");
}

/**
 * Sends queued mail over SMTP when SMTP_URL is set. Without it the outbox is the mailbox: admins read
 * it in the back office, and nothing is lost. A failed send waits 1 min, 5 min, 30 min, then 2 h
 * before the next try; after the fifth it is marked failed for an admin to see and retry. Mail about
 * an account goes to the account's email as it is when sent. The worker checks the server when it
 * starts and, while it is failing, on every pass, so the back office knows whether mail is leaving.
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
  let checked = false;
  const state: MailDelivery = { configured: !!smtpUrl, failingSince: null, lastError: null, lastSentAt: null, sentCount: 0, failedAttempts: 0 };
  const succeeded = () => {
    state.failingSince = null;
    state.lastError = null;
  };
  const failed = (message: string) => {
    state.failingSince ??= now();
    state.lastError = message.slice(0, 500);
  };

  /** Connects and signs in without sending: at start, and while failing with nothing due to send. */
  const check = async (transport: Transporter) => {
    try {
      await transport.verify();
      succeeded();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!state.failingSince) opts.logger.warn("the SMTP server cannot be reached; mail waits in the outbox", { err: message });
      failed(message);
    }
  };

  const pass = async (): Promise<number> => {
    const transport = await ready;
    if (!transport) return 0;
    let sent = 0;
    const due = await queuedMail(db, 50, now());
    if (!due.length && (!checked || state.failingSince)) await check(transport);
    checked = true;
    for (const mail of due) {
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
        await markMailSent(db, mail.id, now(), mail.to);
        sent += 1;
        state.sentCount! += 1;
        succeeded();
        state.lastSentAt = now();
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (isServerFailure(err)) failed(message);
        state.failedAttempts! += 1;
        const outcome = await markMailAttemptFailed(db, mail.id, message, now());
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
    running = (opts.exclusive ? opts.exclusive(pass) : pass()).finally(() => {
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
      // Apart from the caller's transaction, should it still be open: the sender waits for the commit.
      if (smtpUrl) db.lease.outside(() => setImmediate(() => void flush()));
    },
    flush,
    delivery: () => ({ ...state }),
    stop: () => {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}

/** The mailer of tests and tools that send nothing (as a shop without SMTP_URL). */
export const noopMailer: Mailer = {
  poke: () => {},
  flush: async () => 0,
  delivery: () => ({ configured: false, failingSince: null, lastError: null, lastSentAt: null }),
  stop: () => {},
};
