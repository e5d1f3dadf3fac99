import { instantWinHtml, type InstantWinMailData } from "./draw-mails";
import type { OrderView } from "../../shared/schemas/order";
import type { MailMessage } from "./outbox";
import { formatLondonDate } from "../../shared/london-time";
import { addDecimals, formatPounds, paymentSplit as splitOf, penceOf } from "../../shared/money";
import { orderReference } from "../../shared/order-reference";
import { facts, heading, html, mailLayout, paragraph } from "./layout";

export interface OrderConfirmation {
  to: string;
  name: string;
  orderId: string;
  total: string;
  /** Site credit spent on the order ("0.00" or absent when none); the card paid the rest. */
  creditUsed?: string;
  /** What a discount code took off the order ("0.00" or absent when none), and the code. */
  discount?: string;
  discountCode?: string | null;
  /** `saving`: what a multibuy price took off the line ("2.00"); absent or "0.00" when none (older stored mails have none). */
  lines: Array<{ title: string; ticketNumbers: string[]; amount: string; quantity?: number; unitPrice?: string; saving?: string }>;
}

/** How the total was paid, when site credit paid some or all of it. */
function paymentSplit(o: OrderConfirmation): Array<[string, string]> {
  const { creditPence, cardPence } = splitOf(o.total, o.creditUsed);
  if (!(creditPence > 0)) return [];
  return [["Site credit used", formatPounds(creditPence)], ...(cardPence > 0 ? [["Paid by card", formatPounds(cardPence)] as [string, string]] : [])];
}

/** The discount code's line, when one was used. */
function discountFacts(o: OrderConfirmation): Array<[string, string]> {
  const pence = o.discount ? penceOf(o.discount) : 0;
  return pence > 0 ? [[`Discount${o.discountCode ? ` (${o.discountCode})` : ""}`, `−${formatPounds(pence)}`]] : [];
}

/** An order line as the confirmation mail lists it. */
export function confirmationLine(l: OrderView["lines"][number]): OrderConfirmation["lines"][number] {
  return { title: l.competitionTitle, ticketNumbers: l.ticketNumbers, amount: l.amount, quantity: l.quantity, unitPrice: l.unitPrice, saving: l.saving };
}

/** "10 × £1.79, multibuy saving £2.00" for a line bought at a tier price, else "". */
function multibuyNote(l: OrderConfirmation["lines"][number]): string {
  return l.saving && l.saving !== "0.00" && l.quantity && l.unitPrice ? ` (${l.quantity} × £${l.unitPrice}, multibuy saving £${l.saving})` : "";
}

const ORDER_CONFIRMED = "Your Harvest Draws entry is confirmed";

/**
 * The confirmation as the purchase path queues it: the plain text and the template's data, no HTML.
 * Every paid order writes one inside the write that sells the tickets, and the HTML (about 5 KB)
 * made that write the flash sale's costliest step; the worker renders it when it sends
 * (renderStoredHtml), from the same data, so what arrives is the same mail.
 */
export function orderConfirmationPlain(o: OrderConfirmation): MailMessage & { data: OrderConfirmation } {
  const subject = ORDER_CONFIRMED;
  const text = [
    `Hello ${o.name},`,
    ``,
    `Thank you for your order. Your entries are confirmed and your ticket numbers are below.`,
    ``,
    ...o.lines.flatMap((l) => [`${l.title} — £${l.amount}${multibuyNote(l)}`, `  Ticket numbers: ${l.ticketNumbers.join(", ")}`, ``]),
    ...discountFacts(o).map(([label, value]) => `${label}: ${value}`),
    `Total paid: £${o.total}`,
    ...paymentSplit(o).map(([label, value]) => `${label}: ${value}`),
    `Order reference: ${orderReference(o.orderId)}`,
    ``,
    `Winners are drawn live every Monday evening. Good luck!`,
    `Harvest Draws`,
  ].join("\n");
  return { to: o.to, kind: "order_confirmation", subject, text, data: o };
}

export function orderConfirmationHtml(o: OrderConfirmation): string {
  const body = html`${heading("Your entries are confirmed")}${paragraph(html`Hello ${o.name},`)}${paragraph(
    "Thank you for your order. Your entries are confirmed and your ticket numbers are below.",
  )}${o.lines.map((l) =>
    facts([
      ["Competition", html`${l.title} — £${l.amount}${multibuyNote(l)}`],
      ["Ticket numbers", l.ticketNumbers.join(", ")],
    ]),
  )}${facts([
    ...discountFacts(o),
    ["Total paid", `£${o.total}`],
    ...paymentSplit(o),
    ["Order reference", orderReference(o.orderId)],
  ])}${paragraph("Winners are drawn live every Monday evening. Good luck!")}`;
  return mailLayout({ title: ORDER_CONFIRMED, preheader: `Your ticket numbers for order ${orderReference(o.orderId)}`, body });
}

export function orderConfirmationMail(o: OrderConfirmation): MailMessage {
  const { data: _data, ...plain } = orderConfirmationPlain(o);
  return { ...plain, html: orderConfirmationHtml(o) };
}

/** The HTML of a queued mail that was stored without it (see orderConfirmationPlain, instantWinPlain). */
export function renderStoredHtml(kind: string | null, data: unknown): string | undefined {
  if (kind === "order_confirmation" && data && typeof data === "object") return orderConfirmationHtml(data as OrderConfirmation);
  if (kind === "instant_win" && data && typeof data === "object") return instantWinHtml(data as InstantWinMailData);
  return undefined;
}

interface RefundWords {
  orderId: string;
  /** Back to the card. */
  card: string;
  /** Back to the site credit ("0.00" when none). */
  credit: string;
  notice: string;
}

const pounds = (s: string) => penceOf(s) > 0;

/** What the customer is told: where each part of the money went. */
export function refundMessage(o: RefundWords): string {
  const total = addDecimals(o.card, o.credit);
  const where =
    pounds(o.card) && pounds(o.credit)
      ? `£${total} of your order ${orderReference(o.orderId)} has been refunded: £${o.card} to your card and £${o.credit} to your site credit.`
      : pounds(o.credit)
        ? `£${o.credit} of your order ${orderReference(o.orderId)} has been returned to your site credit.`
        : `£${o.card} of your order ${orderReference(o.orderId)} has been refunded to your card.`;
  return o.notice ? `${where} ${o.notice}` : where;
}

export function refundMail(o: RefundWords & { to: string; name: string }): MailMessage {
  const total = addDecimals(o.card, o.credit);
  const subject = `Your refund of £${total} from Harvest Draws`;
  const message = refundMessage(o);
  const after = [
    pounds(o.card) ? "Refunds usually reach your account within 5–10 working days." : null,
    pounds(o.credit) ? "Site credit can be spent on any competition straight away; it cannot be withdrawn as cash." : null,
  ].filter((x): x is string => !!x);
  const facts_: Array<[string, string]> = [["Amount refunded", `£${total}`]];
  if (pounds(o.credit)) {
    if (pounds(o.card)) facts_.push(["To your card", `£${o.card}`]);
    facts_.push(["To your site credit", `£${o.credit}`]);
  }
  facts_.push(["Order reference", orderReference(o.orderId)]);
  const body = html`${heading("Your refund is on its way")}${paragraph(html`Hello ${o.name},`)}${paragraph(message)}${facts(facts_)}${after.map((a) => paragraph(a))}`;
  return {
    to: o.to,
    kind: "refund",
    subject,
    text: `Hello ${o.name},\n\n${message}\n${after.join("\n")}\n\nHarvest Draws`,
    html: mailLayout({
      title: subject,
      preheader: pounds(o.card) ? `£${o.card} is on its way back to your card` : `£${o.credit} is back in your site credit`,
      body,
    }),
  };
}

/*
 * Contact acknowledgements go to whatever address the form was given, so they must not carry a
 * word the sender wrote (not the subject, the message or even the name, any of which can hold a
 * link): otherwise the form mails attacker-written text under our name to anyone. They say only
 * what we say, plus our own complaint reference.
 */

export const CONTACT_ACK_SUBJECT = "We've received your message";
const COMPLAINT_ACK_SUBJECT = /^Your complaint CMP-\d{8}-[0-9A-F]{6} has been received$/;

/** Which contact-form acknowledgement a subject is, if any. */
export function isContactAcknowledgement(subject: string): "message" | "complaint" | null {
  if (subject === CONTACT_ACK_SUBJECT) return "message";
  return COMPLAINT_ACK_SUBJECT.test(subject) ? "complaint" : null;
}

export function contactAcknowledgementMail(to: string): MailMessage {
  const body = html`${heading("Thank you for getting in touch")}${paragraph("Hello,")}${paragraph(
    "Thank you for contacting Harvest Draws. We've received your message and will reply within 24-48 hours.",
  )}${paragraph("If you did not write to us, you can ignore this email.")}`;
  return {
    to,
    kind: "contact_acknowledgement",
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
    html: mailLayout({ title: CONTACT_ACK_SUBJECT, body }),
  };
}

export function complaintAcknowledgementMail(to: string, reference: string, responseDueAt: Date): MailMessage {
  const due = formatLondonDate(responseDueAt);
  const subject = `Your complaint ${reference} has been received`;
  const body = html`${heading("We have received your complaint")}${paragraph("Hello,")}${paragraph(
    `We have received your complaint and logged it with the reference ${reference}.`,
  )}${facts([
    ["Reference", reference],
    ["Full response by", due],
  ])}${paragraph(`We will respond in full by ${due} at the latest, and usually much sooner. Please quote the reference if you write to us about it.`)}${paragraph(
    "If you did not write to us, you can ignore this email.",
  )}`;
  return {
    to,
    kind: "complaint_acknowledgement",
    subject,
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
    html: mailLayout({ title: subject, body }),
  };
}
