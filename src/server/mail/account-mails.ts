import { button, heading, html, mailLayout, paragraph, type SafeHtml } from "./layout";
import type { MailMessage } from "./outbox";

/** Mail about the account itself: recovery, verification, address changes. Links are absolute. */

/** The text part is the message of record; the HTML part says the same inside the shop's frame. */
function withHtml(message: MailMessage, preheader: string, body: SafeHtml): MailMessage {
  return { ...message, html: mailLayout({ title: message.subject, preheader, body }) };
}

export function passwordResetMail(o: { to: string; name: string; link: string }): MailMessage {
  return withHtml(
    {
      to: o.to,
      kind: "password_reset",
      subject: "Reset your Harvest Draws password",
      text: [
        `Hello ${o.name},`,
        ``,
        `Someone (we hope you) asked to reset the password of your Harvest Draws account. Use this link within 60 minutes to choose a new one:`,
        ``,
        o.link,
        ``,
        `The link works once. If you did not ask for it, you can ignore this email: your password stays as it is.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    "Choose a new password within 60 minutes",
    html`${heading("Reset your password")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      "Someone (we hope you) asked to reset the password of your Harvest Draws account. Use this link within 60 minutes to choose a new one:",
    )}${button(o.link, "Choose a new password")}${paragraph("The link works once. If you did not ask for it, you can ignore this email: your password stays as it is.")}`,
  );
}

export function passwordChangedMail(o: { to: string; name: string }): MailMessage {
  return withHtml(
    {
      to: o.to,
      kind: "password_changed",
      subject: "Your Harvest Draws password was changed",
      text: [
        `Hello ${o.name},`,
        ``,
        `The password of your Harvest Draws account was just changed, and every other device was signed out.`,
        ``,
        `If this was not you, reset your password at once from the sign-in page and contact us.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    "Every other device was signed out",
    html`${heading("Your password was changed")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      "The password of your Harvest Draws account was just changed, and every other device was signed out.",
    )}${paragraph(html`<strong>If this was not you</strong>, reset your password at once from the sign-in page and contact us.`)}`,
  );
}

export function verifyEmailMail(o: { to: string; name: string; link: string }): MailMessage {
  return withHtml(
    {
      to: o.to,
      kind: "email_verification",
      subject: "Confirm your email address",
      text: [
        `Hello ${o.name},`,
        ``,
        `Please confirm that this is your email address, so we can reach you if you win. Use this link within 24 hours:`,
        ``,
        o.link,
        ``,
        `If you did not create a Harvest Draws account, you can ignore this email.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    "So we can reach you if you win",
    html`${heading("Confirm your email address")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      "Please confirm that this is your email address, so we can reach you if you win. Use this link within 24 hours:",
    )}${button(o.link, "Confirm my email address")}${paragraph("If you did not create a Harvest Draws account, you can ignore this email.")}`,
  );
}

export function emailChangeConfirmMail(o: { to: string; name: string; link: string }): MailMessage {
  return withHtml(
    {
      to: o.to,
      kind: "email_change_confirm",
      subject: "Confirm your new email address",
      text: [
        `Hello ${o.name},`,
        ``,
        `You asked to use this address for your Harvest Draws account. Use this link within 24 hours to confirm it; until then your account keeps its current address:`,
        ``,
        o.link,
        ``,
        `If you did not ask for this, you can ignore this email.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    "Confirm within 24 hours",
    html`${heading("Confirm your new email address")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      "You asked to use this address for your Harvest Draws account. Use this link within 24 hours to confirm it; until then your account keeps its current address:",
    )}${button(o.link, "Confirm this address")}${paragraph("If you did not ask for this, you can ignore this email.")}`,
  );
}

export function emailChangeNoticeMail(o: { to: string; name: string; newEmail: string }): MailMessage {
  return withHtml(
    {
      to: o.to,
      kind: "email_change_notice",
      subject: "A change of email address was requested",
      text: [
        `Hello ${o.name},`,
        ``,
        `Someone signed in to your Harvest Draws account asked to change its email address to ${o.newEmail}. The change happens only when the link we sent there is used.`,
        ``,
        `If this was not you, change your password now and contact us.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    "Nothing changes until the new address is confirmed",
    html`${heading("A change of email address was requested")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      html`Someone signed in to your Harvest Draws account asked to change its email address to <strong>${o.newEmail}</strong>. The change happens only when the
        link we sent there is used.`,
    )}${paragraph(html`<strong>If this was not you</strong>, change your password now and contact us.`)}`,
  );
}

export function emailChangedMail(o: { to: string; name: string; newEmail: string }): MailMessage {
  return withHtml(
    {
      to: o.to,
      kind: "email_changed",
      subject: "Your Harvest Draws email address was changed",
      text: [
        `Hello ${o.name},`,
        ``,
        `Your Harvest Draws account now uses ${o.newEmail}. This address will no longer receive mail from us about the account.`,
        ``,
        `If this was not you, contact us at once.`,
        ``,
        `Harvest Draws`,
      ].join("\n"),
    },
    "This address will no longer receive account mail",
    html`${heading("Your email address was changed")}${paragraph(html`Hello ${o.name},`)}${paragraph(
      html`Your Harvest Draws account now uses <strong>${o.newEmail}</strong>. This address will no longer receive mail from us about the account.`,
    )}${paragraph(html`<strong>If this was not you</strong>, contact us at once.`)}`,
  );
}
