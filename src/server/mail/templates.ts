import type { MailMessage } from "./outbox";

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
