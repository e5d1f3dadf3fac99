import { describe, expect, it } from "vitest";
import { orderConfirmationHtml, orderConfirmationPlain, refundMail, refundMessage } from "../../src/server/mail/templates";

const order = (total: string, creditUsed?: string) => ({
  to: "ada@example.test",
  name: "Ada",
  orderId: "0190a1b2-c3d4-7e5f-8a9b-00001a2b3c4d",
  total,
  ...(creditUsed ? { creditUsed } : {}),
  lines: [{ title: "Win a Tractor", ticketNumbers: ["17", "42", "99"], amount: total, quantity: 3, unitPrice: "1.99", saving: "0.00" }],
});

describe("the amounts in the shop's mail", () => {
  it("splits a confirmation's total into site credit and card in pence", () => {
    const text = orderConfirmationPlain(order("5.97", "0.10")).text;
    expect(text).toContain("Total paid: £5.97");
    expect(text).toContain("Site credit used: £0.10");
    expect(text).toContain("Paid by card: £5.87");
    const html = orderConfirmationHtml(order("0.30", "0.10"));
    expect(html).toContain("£0.10");
    expect(html).toContain("£0.20");
  });

  it("says nothing of credit or card when credit paid none, and no card part when credit paid all", () => {
    expect(orderConfirmationPlain(order("5.97")).text).not.toContain("Site credit used");
    const all = orderConfirmationPlain(order("19.99", "19.99")).text;
    expect(all).toContain("Site credit used: £19.99");
    expect(all).not.toContain("Paid by card");
  });

  it("adds a refund's card and credit parts exactly", () => {
    const mail = refundMail({ to: "ada@example.test", name: "Ada", orderId: "0190a1b2-c3d4-7e5f-8a9b-00001a2b3c4d", card: "0.10", credit: "0.20", notice: "" });
    expect(mail.subject).toBe("Your refund of £0.30 from Harvest Draws");
    expect(refundMessage({ orderId: "0190a1b2-c3d4-7e5f-8a9b-00001a2b3c4d", card: "1.10", credit: "2.20", notice: "" })).toBe(
      "£3.30 of your order 1A2B3C4D has been refunded: £1.10 to your card and £2.20 to your site credit.",
    );
    expect(refundMessage({ orderId: "0190a1b2-c3d4-7e5f-8a9b-00001a2b3c4d", card: "0.00", credit: "4.35", notice: "" })).toBe(
      "£4.35 of your order 1A2B3C4D has been returned to your site credit.",
    );
    expect(refundMessage({ orderId: "0190a1b2-c3d4-7e5f-8a9b-00001a2b3c4d", card: "19.99", credit: "0.00", notice: "Sorry." })).toBe(
      "£19.99 of your order 1A2B3C4D has been refunded to your card. Sorry.",
    );
  });
});
