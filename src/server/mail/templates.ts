import type { MailMessage } from "./outbox";
import { formatLondonDate } from "../../shared/london-time";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function orderConfirmationMail(o: {
  to: string;
  name: string;
  orderId: string;
  total: string;
  lines: Array<{ title: string; ticketNumbers: string[]; amount: string }>;
}): MailMessage {
  const text = [
    `Hello ${o.name},`,
    ``,
    `Thank you for your order. Your entries are confirmed and your ticket numbers are below.`,
    ``,
    ...o.lines.flatMap((l) => [`${l.title} — £${l.amount}`, `  Ticket numbers: ${l.ticketNumbers.join(", ")}`, ``]),
    `Total paid: £${o.total}`,
    `Order reference: ${o.orderId}`,
    ``,
    `Winners are drawn live every Monday evening. Good luck!`,
    `Harvest Draws`,
  ].join("\n");
  const html = `<p>Hello ${escape(o.name)},</p><p>Thank you for your order. Your entries are confirmed.</p>${o.lines
    .map((l) => `<h3>${escape(l.title)} — £${escape(l.amount)}</h3><p>Ticket numbers: <strong>${l.ticketNumbers.map(escape).join(", ")}</strong></p>`)
    .join("")}<p>Total paid: £${escape(o.total)}<br>Order reference: ${escape(o.orderId)}</p><p>Winners are drawn live every Monday evening. Good luck!</p>`;
  return { to: o.to, subject: "Your Harvest Draws entry is confirmed", text, html };
}

/*
 * Contact acknowledgements go to whatever address the form was given, so they must not carry a
 * word the sender wrote (not the subject, the message or even the name, any of which can hold a
 * link): otherwise the form mails attacker-written text under our name to anyone. They say only
 * what we say, plus our own complaint reference.
 */

export const CONTACT_ACK_SUBJECT = "We've received your message";
const COMPLAINT_ACK_SUBJECT = /^Your complaint CMP-\d{8}-[0-9A-F]{6} has been received$/;

/** Whether a mail in the outbox is one of the contact form's acknowledgements. */
/** Which contact-form acknowledgement a subject is, if any. */
export function isContactAcknowledgement(subject: string): "message" | "complaint" | null {
  if (subject === CONTACT_ACK_SUBJECT) return "message";
  return COMPLAINT_ACK_SUBJECT.test(subject) ? "complaint" : null;
}

export function contactAcknowledgementMail(to: string): MailMessage {
  return {
    to,
    subject: CONTACT_ACK_SUBJECT,
    text: [
      `Hello,`,
      ``,
      `Thank you for contacting Harvest Draws. We've received your message and will reply within 24-48 hours.`,
      ``,
      `If you did not write to us, you can ignore this email.`,
      ``,
      `Harvest Draws`,
    ].join("\n"),
  };
}

export function complaintAcknowledgementMail(to: string, reference: string, responseDueAt: Date): MailMessage {
  const due = formatLondonDate(responseDueAt);
  return {
    to,
    subject: `Your complaint ${reference} has been received`,
    text: [
      `Hello,`,
      ``,
      `We have received your complaint and logged it with the reference ${reference}.`,
      `We will respond in full by ${due} at the latest, and usually much sooner. Please quote the reference if you write to us about it.`,
      ``,
      `If you did not write to us, you can ignore this email.`,
      ``,
      `Harvest Draws`,
    ].join("\n"),
  };
}
