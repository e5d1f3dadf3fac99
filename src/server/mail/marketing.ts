import { FOOTER_EXTRA, heading, html, mailLayout, textAsHtml } from "./layout";
import type { MailMessage } from "./outbox";

/**
 * Mail nobody asked for by doing something (news, broadcasts) must be easy to stop: RFC 8058's
 * one-click List-Unsubscribe headers, which mail clients turn into an "Unsubscribe" button that
 * POSTs without a browser, and a footer link that works without signing in.
 */

export interface UnsubscribeTarget {
  /** The shop's public origin, e.g. https://harvestdraws.co.uk (a trailing slash is ignored). */
  origin: string;
  /** The recipient's unsubscribe token (opaque; URL-encoded here). */
  token: string;
}

export function unsubscribeLinks({ origin, token }: UnsubscribeTarget) {
  const base = origin.replace(/\/+$/, "");
  const t = encodeURIComponent(token);
  return { oneClick: `${base}/api/mail/unsubscribe/${t}`, page: `${base}/unsubscribe?token=${t}` };
}

/** Adds the one-click unsubscribe headers and the footer link (to both parts) to a non-transactional mail. */
export function withUnsubscribe(message: MailMessage, target: UnsubscribeTarget): MailMessage {
  const { oneClick, page } = unsubscribeLinks(target);
  const footer = html`<p style="margin:10px 0 0;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.5;color:#57534e">
    You are receiving this because you are on the Harvest Draws mailing list. <a href="${page}" style="color:#26522c">Unsubscribe</a> with one click; no need to
    sign in.
  </p>`;
  const body = message.html ?? mailLayout({ title: message.subject, body: textAsHtml(message.text) });
  return {
    ...message,
    kind: message.kind ?? "marketing",
    headers: { ...message.headers, "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    text: `${message.text}\n\n--\nTo stop these emails, unsubscribe (no need to sign in): ${page}`,
    html: body.includes(FOOTER_EXTRA) ? body.replace(FOOTER_EXTRA, footer.value) : `${body}${footer.value}`,
  };
}

/** A non-transactional mail in the shop's frame: `text` is plain paragraphs (blank lines between). */
export function marketingMail(o: { to: string; subject: string; heading?: string; text: string; kind?: string }, target: UnsubscribeTarget): MailMessage {
  const body = html`${o.heading ? heading(o.heading) : ""}${textAsHtml(o.text)}`;
  return withUnsubscribe(
    {
      to: o.to,
      kind: o.kind ?? "marketing",
      subject: o.subject,
      text: `${o.text}\n\nHarvest Draws`,
      html: mailLayout({ title: o.subject, preheader: o.heading, body }),
    },
    target,
  );
}
