import { formatLondonDate } from "../../shared/london-time";
import { button, facts, heading, html, mailLayout, paragraph, type SafeHtml } from "./layout";
import type { MailMessage } from "./outbox";

/** Mail about a prize claim: the reminders and each change of its state. Links are absolute. */

function withHtml(message: MailMessage, preheader: string, body: SafeHtml): MailMessage {
  return { ...message, html: mailLayout({ title: message.subject, preheader, body }) };
}

export function claimReminderMail(o: { to: string; name: string; competitionTitle: string; link: string; expiresAt: Date; final: boolean }): MailMessage {
  const until = formatLondonDate(o.expiresAt);
  const subject = o.final ? `Last reminder: claim your prize from ${o.competitionTitle}` : `Don't forget to claim your prize: ${o.competitionTitle}`;
  return withHtml(
    {
      to: o.to,
      kind: "claim_reminder",
      subject,
      text: [
        `Hello ${o.name},`,
        ``,
        `You won "${o.competitionTitle}" and we have not heard from you yet. Claim your prize by ${until}:`,
        ``,
        o.link,
        ``,
        `It takes two minutes: confirm your date of birth, choose the prize or its cash alternative where one is offered, and tell us where to deliver it.`,
        `After ${until} the claim window closes.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    `Claim by ${until}`,
    html`${heading(o.final ? "Last reminder: your prize is waiting" : "Your prize is waiting")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      html`You won “${o.competitionTitle}” and we have not heard from you yet. Claim your prize by ${until}.`,
    )}${button(o.link, "Claim your prize")}${paragraph(
      "It takes two minutes: confirm your date of birth, choose the prize or its cash alternative where one is offered, and tell us where to deliver it.",
    )}${paragraph(html`After ${until} the claim window closes.`)}`,
  );
}

export type ClaimUpdate =
  | { kind: "claimed"; choice: "prize" | "cash"; deliverable: boolean | null }
  | { kind: "fulfilled"; fulfilment: "delivered" | "paid"; reference: string }
  | { kind: "expired"; reason: string };

/** What a change of state says to the winner: the notification's title and message, the mail's lines. */
export function claimUpdateWords(competitionTitle: string, u: ClaimUpdate): { title: string; message: string } {
  switch (u.kind) {
    case "claimed":
      return {
        title: "Claim received",
        message:
          u.choice === "cash"
            ? `We've received your claim for "${competitionTitle}": the cash alternative. We'll be in touch to pay it.`
            : u.deliverable === false
              ? `We've received your claim for "${competitionTitle}". Your address is outside the UK mainland and Ireland, so we'll be in touch to arrange delivery.`
              : `We've received your claim for "${competitionTitle}". We'll be in touch to arrange free delivery.`,
      };
    case "fulfilled":
      return u.fulfilment === "paid"
        ? { title: "Prize paid", message: `Your cash alternative for "${competitionTitle}" has been paid (reference ${u.reference}).` }
        : { title: "Prize on its way", message: `Your prize from "${competitionTitle}" has been sent (carrier reference ${u.reference}).` };
    case "expired":
      return { title: "Claim closed", message: `Your claim for "${competitionTitle}" has closed: ${u.reason}` };
  }
}

export function claimUpdateMail(o: { to: string; name: string; competitionTitle: string; link: string; update: ClaimUpdate }): MailMessage {
  const words = claimUpdateWords(o.competitionTitle, o.update);
  const subject = `${words.title}: ${o.competitionTitle}`;
  const rows: Array<[string, string]> = [["Competition", o.competitionTitle]];
  if (o.update.kind === "fulfilled") rows.push([o.update.fulfilment === "paid" ? "Payment reference" : "Carrier reference", o.update.reference]);
  return withHtml(
    {
      to: o.to,
      kind: "claim_update",
      subject,
      text: [`Hello ${o.name},`, ``, words.message, ``, `See your claim: ${o.link}`, ``, `Harvest Draws`].join("\n"),
    },
    words.message,
    html`${heading(words.title)}${paragraph(html`Hello ${o.name},`)}${paragraph(words.message)}${facts(rows)}${button(o.link, "See your claim")}`,
  );
}
