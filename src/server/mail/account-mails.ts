import type { MailMessage } from "./outbox";

/** Mail about the account itself: recovery, verification, address changes. Links are absolute. */

export function passwordResetMail(o: { to: string; name: string; link: string }): MailMessage {
  return {
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
  };
}

export function passwordChangedMail(o: { to: string; name: string }): MailMessage {
  return {
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
  };
}

export function verifyEmailMail(o: { to: string; name: string; link: string }): MailMessage {
  return {
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
  };
}

export function emailChangeConfirmMail(o: { to: string; name: string; link: string }): MailMessage {
  return {
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
  };
}

export function emailChangeNoticeMail(o: { to: string; name: string; newEmail: string }): MailMessage {
  return {
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
  };
}

export function emailChangedMail(o: { to: string; name: string; newEmail: string }): MailMessage {
  return {
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
  };
}
