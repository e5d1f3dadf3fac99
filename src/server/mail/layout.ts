/**
 * The shop's mail frame: a green header band, the message, and a footer with our address. Mail
 * clients strip <style> blocks and block remote images, so the frame is tables with inline CSS and
 * no images or scripts; a single 600px column that shrinks to fit a phone.
 */

/** A piece of HTML that is already safe to insert; anything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

type Interpolated = SafeHtml | string | number | null | undefined | false | readonly Interpolated[];

function render(v: Interpolated): string {
  if (v === null || v === undefined || v === false) return "";
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join("");
  return escapeHtml(String(v));
}

/** HTML by template: every value is escaped unless it is itself `html`, so a name or a title can never become markup. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]!) : ""), ""));
}

export const SHOP_NAME = "Harvest Draws";
export const SHOP_ADDRESS = "PO Box 1234, Lincoln LN1 1AA, United Kingdom";
export const SHOP_CONTACT_EMAIL = "hello@harvestdraws.co.uk";

const FIELD_GREEN = "#26522c";
const WHEAT = "#e5ad3a";
const INK = "#1c1917";
const FONT = "font-family:Arial,Helvetica,sans-serif";

/** Where a marketing mail's unsubscribe line goes (see withUnsubscribe). */
export const FOOTER_EXTRA = "<!--footer-extra-->";

export const paragraph = (content: Interpolated) => html`<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK}">${content}</p>`;

export const heading = (content: Interpolated) => html`<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;color:${FIELD_GREEN}">${content}</h1>`;

/** A call to action as a bulletproof button (a link styled as one), with the address beneath for clients that hide it. */
export const button = (href: string, label: string) =>
  html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px">
      <tr>
        <td style="border-radius:8px;background:${FIELD_GREEN}">
          <a
            href="${href}"
            style="display:inline-block;padding:12px 22px;${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px"
            >${label}</a
          >
        </td>
      </tr>
    </table>
    <p style="margin:0 0 16px;${FONT};font-size:13px;line-height:1.5;color:#57534e;word-break:break-all">
      Or paste this link into your browser: <a href="${href}" style="color:${FIELD_GREEN}">${href}</a>
    </p>`;

/** Label and value rows: an order reference, a total, ticket numbers. */
export const facts = (rows: Array<[label: string, value: Interpolated]>) =>
  html`<table
    role="presentation"
    cellpadding="0"
    cellspacing="0"
    border="0"
    width="100%"
    style="margin:0 0 16px;border-collapse:collapse;background:#f8f3e8;border-radius:8px"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td style="padding:10px 14px;${FONT};font-size:14px;color:#57534e;vertical-align:top;width:40%">${label}</td>
          <td style="padding:10px 14px;${FONT};font-size:15px;font-weight:bold;color:${INK};word-break:break-word">${value}</td>
        </tr>`,
    )}
  </table>`;

/** A short plain-text message as paragraphs (blank lines split them; single line breaks are kept). */
export function textAsHtml(text: string): SafeHtml {
  return html`${text
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== "")
    .map((p) => paragraph(p.split("\n").map((line, i) => html`${i > 0 ? new SafeHtml("<br>") : ""}${line}`)))}`;
}

/**
 * A whole mail document around `body`. `preheader` is the line inbox lists show beside the subject.
 * Nothing the reader sent or typed reaches here unescaped: callers build `body` with `html`.
 */
export function mailLayout(o: { title: string; preheader?: string; body: SafeHtml }): string {
  return html`<!DOCTYPE html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${o.title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f1f7f1;-webkit-text-size-adjust:100%">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0">${o.preheader ?? ""}</div>
        <table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="background:#f1f7f1">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                cellpadding="0"
                cellspacing="0"
                border="0"
                width="100%"
                style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #dcebdc"
              >
                <tr>
                  <td style="background:${FIELD_GREEN};border-bottom:4px solid ${WHEAT};padding:20px 24px">
                    <p style="margin:0;${FONT};font-size:24px;font-weight:bold;letter-spacing:-0.5px;color:#ffffff">${SHOP_NAME}</p>
                    <p style="margin:4px 0 0;${FONT};font-size:13px;color:#dcebdc">Prize draws for the farming year, drawn live every Monday</p>
                  </td>
                </tr>
                <tr>
                  <td style="padding:28px 24px 12px">${o.body}</td>
                </tr>
                <tr>
                  <td style="padding:16px 24px 24px;border-top:1px solid #efe6d2;background:#fdfbf6">
                    <p style="margin:0 0 6px;${FONT};font-size:13px;line-height:1.5;color:#57534e">${SHOP_NAME} · ${SHOP_ADDRESS}</p>
                    <p style="margin:0;${FONT};font-size:13px;line-height:1.5;color:#57534e">
                      Questions? Write to <a href="mailto:${SHOP_CONTACT_EMAIL}" style="color:${FIELD_GREEN}">${SHOP_CONTACT_EMAIL}</a>. Please play
                      responsibly: 18+ only.
                    </p>
                    ${new SafeHtml(FOOTER_EXTRA)}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value;
}
