import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's recipients: where the message really went. */
  to: string[];
  subject: string;
  raw: string;
  /** The raw message with quoted-printable soft breaks joined and =XX escapes decoded. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function subjectOf(raw: string): string {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith("subject:")) ?? "";
  const value = line.slice("subject:".length).trim();
  // nodemailer encodes a subject with non-ASCII characters as RFC 2047 words.
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, body: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(body, "base64").toString("utf8")
      : Buffer.from(
          body.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

export interface SmtpBehaviour {
  /** Answers "550 No such user here" to these recipients (the message's problem, not the server's). */
  unknownRecipients?: Set<string>;
  /** While true, every message is refused after its data with "451 Local error in processing" (the server's problem). */
  refusing?: boolean;
}

/**
 * A real SMTP server on loopback: what the shop sends is what arrives, with its envelope recipients.
 * `behaviour` may be changed while it runs.
 */
export async function startSmtpServer(
  behaviour: SmtpBehaviour = {},
): Promise<{ url: string; received: ReceivedMail[]; behaviour: SmtpBehaviour; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (behaviour.unknownRecipients?.has(address.address)) {
        callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        if (behaviour.refusing) {
          callback(Object.assign(new Error("Local error in processing"), { responseCode: 451 }));
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: subjectOf(raw), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, behaviour, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
