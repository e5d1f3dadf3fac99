import type { MailTemplateKind, MailTemplateSummary } from "../../shared/schemas/mail";
import { emailChangeConfirmMail, emailChangedMail, emailChangeNoticeMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from "./account-mails";
import { claimReminderMail, claimUpdateMail } from "./claim-mails";
import { instantWinMail, postalEntryMail, winnerMail } from "./draw-mails";
import { marketingMail } from "./marketing";
import type { MailMessage } from "./outbox";
import { complaintAcknowledgementMail, contactAcknowledgementMail, orderConfirmationMail, refundMail } from "./templates";

/**
 * Every template with sample data, for the back office's previews. Keyed by kind, so a template
 * added to the list of kinds without a sample here does not compile.
 */
const SAMPLE_TO = "gwen.ellis@example.co.uk";
const SAMPLE_ORIGIN = "https://harvestdraws.co.uk";
const SAMPLE_LINK = `${SAMPLE_ORIGIN}/auth/reset?token=sample-token`;
const SAMPLE_ORDER = "0194f2a1-7c3e-7b21-9d4a-5e6f7a8b9c0d";

interface CatalogueEntry extends Omit<MailTemplateSummary, "kind"> {
  sample: () => MailMessage;
}

export const MAIL_CATALOGUE: Record<MailTemplateKind, CatalogueEntry> = {
  order_confirmation: {
    name: "Order confirmation",
    description: "Sent when a payment is settled: each competition with its ticket numbers, the total and the order reference.",
    transactional: true,
    sample: () =>
      orderConfirmationMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        orderId: SAMPLE_ORDER,
        total: "30.40",
        lines: [
          { title: "Massey Ferguson 5S Tractor", ticketNumbers: ["104", "105", "106"], amount: "7.50" },
          {
            title: "Honda TRX520 Farm Quad",
            ticketNumbers: ["17", "342", "1009", "1210", "2002", "2455", "3108", "3320", "4001", "4711"],
            amount: "17.90",
            quantity: 10,
            unitPrice: "1.79",
            saving: "2.00",
          },
          { title: "£5,000 Tax-Free Cash", ticketNumbers: ["2291", "2292"], amount: "5.00" },
        ],
      }),
  },
  instant_win: {
    name: "Instant win (site credit)",
    description: "Sent when a paid or postal ticket wins site credit at once: the prizes, their tickets, the balance link and the proof.",
    transactional: true,
    sample: () =>
      instantWinMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        competitionTitle: "Honda TRX520 Farm Quad",
        prizes: [{ name: "£10 site credit", ticketNumber: "1742" }],
        creditLink: `${SAMPLE_ORIGIN}/account`,
        proofLink: `${SAMPLE_ORIGIN}/competition/sample`,
      }),
  },
  refund: {
    name: "Refund",
    description: "Sent when an admin (or the provider's dashboard) refunds all or part of an order.",
    transactional: true,
    sample: () =>
      refundMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        orderId: SAMPLE_ORDER,
        card: "12.50",
        credit: "0.00",
        notice: "Your tickets have been withdrawn from the draw.",
      }),
  },
  winner: {
    name: "Winner",
    description: "Sent to each winner when a draw is made.",
    transactional: true,
    sample: () =>
      winnerMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        competitionTitle: "Massey Ferguson 5S Tractor",
        ticketNumber: "105",
        claimLink: `${SAMPLE_ORIGIN}/account/claims/${SAMPLE_ORDER}`,
        claimBy: new Date("2027-03-29T19:00:00Z"),
        verifyLink: `${SAMPLE_ORIGIN}/competition/${SAMPLE_ORDER}/draw`,
      }),
  },
  claim_reminder: {
    name: "Claim reminder",
    description: "Sent 48 hours and 7 days after a draw to a winner who has not claimed yet, with the claim link and the last day to claim.",
    transactional: true,
    sample: () =>
      claimReminderMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        competitionTitle: "Massey Ferguson 5S Tractor",
        link: `${SAMPLE_ORIGIN}/account/claims/${SAMPLE_ORDER}`,
        expiresAt: new Date("2027-03-29T19:00:00Z"),
        final: false,
      }),
  },
  claim_update: {
    name: "Claim update",
    description: "Sent when a claim changes: received, delivered or paid (with the reference), or closed (with the reason).",
    transactional: true,
    sample: () =>
      claimUpdateMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        competitionTitle: "£10,000 Tax-Free Cash",
        link: `${SAMPLE_ORIGIN}/account/claims/${SAMPLE_ORDER}`,
        update: { kind: "fulfilled", fulfilment: "paid", reference: "FPS-20270315-0042" },
      }),
  },
  postal_entry: {
    name: "Postal entry confirmation",
    description: "Sent when an admin records a free postal entry: the reference and the ticket number.",
    transactional: true,
    sample: () =>
      postalEntryMail({
        to: SAMPLE_TO,
        name: "Gwen Ellis",
        competitionTitle: "Massey Ferguson 5S Tractor",
        postalReference: "PC-2026-0142",
        ticketNumbers: ["318"],
      }),
  },
  email_verification: {
    name: "Email verification",
    description: "Sent on registration (and on request) to confirm the account's address; the link lasts 24 hours.",
    transactional: true,
    sample: () => verifyEmailMail({ to: SAMPLE_TO, name: "Gwen", link: `${SAMPLE_ORIGIN}/auth/verify?token=sample-token` }),
  },
  password_reset: {
    name: "Password reset",
    description: "Sent when someone asks to reset the password; the link works once, within 60 minutes.",
    transactional: true,
    sample: () => passwordResetMail({ to: SAMPLE_TO, name: "Gwen", link: SAMPLE_LINK }),
  },
  password_changed: {
    name: "Password changed",
    description: "Sent after the password is changed or reset; other devices were signed out.",
    transactional: true,
    sample: () => passwordChangedMail({ to: SAMPLE_TO, name: "Gwen" }),
  },
  email_change_confirm: {
    name: "Email change: confirm the new address",
    description: "Sent to the new address when a customer asks to change it; the change happens only when the link is used.",
    transactional: true,
    sample: () => emailChangeConfirmMail({ to: "gwen.new@example.co.uk", name: "Gwen", link: `${SAMPLE_ORIGIN}/auth/verify?token=sample-token` }),
  },
  email_change_notice: {
    name: "Email change: notice to the old address",
    description: "Sent to the current address when a change is requested, in case it was not the customer.",
    transactional: true,
    sample: () => emailChangeNoticeMail({ to: SAMPLE_TO, name: "Gwen", newEmail: "gwen.new@example.co.uk" }),
  },
  email_changed: {
    name: "Email changed",
    description: "Sent to the old address once the new one is confirmed.",
    transactional: true,
    sample: () => emailChangedMail({ to: SAMPLE_TO, name: "Gwen", newEmail: "gwen.new@example.co.uk" }),
  },
  contact_acknowledgement: {
    name: "Contact acknowledgement",
    description: "Sent (at most once a day per address) when the contact form is used. It quotes nothing the sender wrote.",
    transactional: true,
    sample: () => contactAcknowledgementMail(SAMPLE_TO),
  },
  complaint_acknowledgement: {
    name: "Complaint acknowledgement",
    description: "Sent when a complaint is made: our reference and the 8-week deadline. It quotes nothing the sender wrote.",
    transactional: true,
    sample: () => complaintAcknowledgementMail(SAMPLE_TO, "CMP-20260105-3F9A2C", new Date("2026-03-02T12:00:00Z")),
  },
  marketing: {
    name: "Broadcast (marketing)",
    description: "News sent to customers who agreed to it. Carries one-click List-Unsubscribe headers and a footer link that works without signing in.",
    transactional: false,
    sample: () =>
      marketingMail(
        {
          to: SAMPLE_TO,
          subject: "New this week: a Massey Ferguson 5S",
          heading: "New competitions are open",
          text: "A Massey Ferguson 5S tractor and £5,000 in cash are up for grabs this week.\n\nEntries close on Sunday at midnight; the draw is live on Monday evening.",
        },
        { origin: SAMPLE_ORIGIN, token: "sample-unsubscribe-token" },
      ),
  },
};
