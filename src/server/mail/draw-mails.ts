import { facts, heading, html, mailLayout, paragraph } from "./layout";
import type { MailMessage } from "./outbox";

/** Mail about draws: a winning ticket, a free postal entry recorded. */

export function winnerMail(o: { to: string; name: string; competitionTitle: string; ticketNumber: string }): MailMessage {
  const subject = `You've won: ${o.competitionTitle}`;
  const body = html`${heading("Congratulations, you've won!")}${paragraph(html`Congratulations ${o.name}!`)}${paragraph(
    html`Your ticket ${o.ticketNumber} was drawn as a winner of “${o.competitionTitle}”.`,
  )}${facts([
    ["Competition", o.competitionTitle],
    ["Winning ticket", o.ticketNumber],
  ])}${paragraph("We'll contact you within 48 hours to arrange your prize.")}${paragraph("You can check the draw yourself on its public record.")}`;
  return {
    to: o.to,
    kind: "winner",
    subject,
    text: `Congratulations ${o.name}!\n\nYour ticket ${o.ticketNumber} was drawn as a winner of "${o.competitionTitle}".\nWe'll contact you within 48 hours to arrange your prize.\n\nYou can check the draw yourself on its public record.\n\nHarvest Draws`,
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
