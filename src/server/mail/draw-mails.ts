import { formatLondonDate } from "../../shared/london-time";
import { button, facts, heading, html, mailLayout, paragraph } from "./layout";
import type { MailMessage } from "./outbox";

/** Mail about draws: a winning ticket, a free postal entry recorded. */

export function winnerMail(o: {
  to: string;
  name: string;
  competitionTitle: string;
  ticketNumber: string;
  /** The claim page; absent for a winner the operator contacts directly. */
  claimLink?: string;
  claimBy?: Date;
  verifyLink?: string;
}): MailMessage {
  const subject = `You've won: ${o.competitionTitle}`;
  const until = o.claimBy ? formatLondonDate(o.claimBy) : null;
  const claimText = o.claimLink
    ? [
        `Claim your prize${until ? ` by ${until}` : ""}: ${o.claimLink}`,
        `Confirm your date of birth, choose the prize or its cash alternative where one is offered, and tell us where to deliver it.`,
      ]
    : [];
  const body = html`${heading("Congratulations, you've won!")}${paragraph(html`Congratulations ${o.name}!`)}${paragraph(
    html`Your ticket ${o.ticketNumber} was drawn as a winner of “${o.competitionTitle}”.`,
  )}${facts([
    ["Competition", o.competitionTitle],
    ["Winning ticket", o.ticketNumber],
    ...(until ? ([["Claim by", until]] as Array<[string, string]>) : []),
  ])}${o.claimLink ? button(o.claimLink, "Claim your prize") : ""}${paragraph("We'll contact you within 48 hours to arrange your prize.")}${paragraph(
    o.verifyLink ? html`You can check the draw yourself on its public record: ${o.verifyLink}` : "You can check the draw yourself on its public record.",
  )}`;
  return {
    to: o.to,
    kind: "winner",
    subject,
    text: [
      `Congratulations ${o.name}!`,
      ``,
      `Your ticket ${o.ticketNumber} was drawn as a winner of "${o.competitionTitle}".`,
      ...claimText,
      `We'll contact you within 48 hours to arrange your prize.`,
      ``,
      o.verifyLink ? `You can check the draw yourself on its public record: ${o.verifyLink}` : `You can check the draw yourself on its public record.`,
      ``,
      `Harvest Draws`,
    ].join("\n"),
    html: mailLayout({ title: subject, preheader: `Ticket ${o.ticketNumber} won ${o.competitionTitle}`, body }),
  };
}

export function postalEntryMail(o: { to: string; name: string; competitionTitle: string; postalReference: string; ticketNumbers: string[] }): MailMessage {
  const subject = `Your free postal entry is confirmed: ${o.competitionTitle}`;
  const numbers = o.ticketNumbers.join(", ");
  const body = html`${heading("Your postal entry is in the draw")}${paragraph(html`Hello ${o.name},`)}${paragraph(
    html`We received your postal entry for “${o.competitionTitle}” (reference ${o.postalReference}).`,
  )}${facts([
    ["Competition", o.competitionTitle],
    ["Postal reference", o.postalReference],
    ["Your ticket number", numbers],
  ])}${paragraph("It has exactly the same chance as a paid ticket. Winners are drawn live every Monday evening.")}`;
  return {
    to: o.to,
    kind: "postal_entry",
    subject,
    text: `Hello ${o.name},\n\nWe received your postal entry for "${o.competitionTitle}" (reference ${o.postalReference}).\nYour ticket number: ${numbers}\n\nIt has exactly the same chance as a paid ticket. Winners are drawn live every Monday evening.\n\nHarvest Draws`,
    html: mailLayout({ title: subject, preheader: `Ticket ${numbers} for ${o.competitionTitle}`, body }),
  };
}

/** Site credit won instantly: what, on which ticket, and where to see it and the proof. */
export interface InstantWinMailData {
  to: string;
  name: string;
  competitionTitle: string;
  prizes: Array<{ name: string; ticketNumber: string }>;
  /** The account page with the balance, and the competition page with the proof. */
  creditLink: string;
  proofLink: string;
}

const instantWinSubject = (o: InstantWinMailData) => `You've won instantly: ${o.prizes.map((p) => p.name).join(", ")}`;
const instantWinLines = (o: InstantWinMailData) => o.prizes.map((p) => `${p.name} on ticket ${p.ticketNumber}`);

/**
 * The instant-win mail as the sale queues it: text and its data, without the HTML, which the mail
 * worker renders when it sends (renderStoredHtml): the sale's write stays small.
 */
export function instantWinPlain(o: InstantWinMailData): MailMessage & { data: InstantWinMailData } {
  return {
    to: o.to,
    kind: "instant_win",
    subject: instantWinSubject(o),
    text: [
      `Congratulations ${o.name}!`,
      ``,
      `Your tickets in "${o.competitionTitle}" won at the moment you bought them:`,
      ...instantWinLines(o).map((l) => `  ${l}`),
      ``,
      `The credit is in your account now: use it on any competition at checkout (${o.creditLink}). Site credit cannot be withdrawn as cash.`,
      `Every winning number was fixed before the first sale; check it yourself: ${o.proofLink}`,
      ``,
      `Harvest Draws`,
    ].join("\n"),
    data: o,
  };
}

export function instantWinHtml(o: InstantWinMailData): string {
  const body = html`${heading("You've won instantly!")}${paragraph(html`Congratulations ${o.name}!`)}${paragraph(
    html`Your tickets in “${o.competitionTitle}” won at the moment you bought them:`,
  )}${facts(o.prizes.map((p): [string, string] => [`Ticket ${p.ticketNumber}`, p.name]))}${paragraph(
    "The credit is in your account now: use it on any competition at checkout. Site credit cannot be withdrawn as cash.",
  )}${button(o.creditLink, "See your site credit")}${paragraph(html`Every winning number was fixed before the first sale; check it yourself: ${o.proofLink}`)}`;
  return mailLayout({ title: instantWinSubject(o), preheader: instantWinLines(o).join(", "), body });
}

export function instantWinMail(o: InstantWinMailData): MailMessage {
  const { data: _data, ...plain } = instantWinPlain(o);
  return { ...plain, html: instantWinHtml(o) };
}
