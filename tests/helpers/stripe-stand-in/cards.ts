/**
 * Stripe's documented test cards (docs.stripe.com/testing), each with its test PaymentMethod id and
 * what happens when it pays. Funding is what Stripe reports for that card: 4242… is a *credit* card
 * there (unlike the shop's simulator), so debit journeys use 4000 0566 5566 5556 or 5200 8282 8282 8210.
 */
export type CardFunding = "credit" | "debit" | "prepaid" | "unknown";

export type CardBehaviour =
  { kind: "succeed"; dispute?: boolean } | { kind: "authenticate" } | { kind: "decline"; code: string; declineCode?: string; message: string };

export interface TestCard {
  number: string;
  paymentMethod: string;
  brand: "visa" | "mastercard" | "amex";
  funding: CardFunding;
  country: string;
  behaviour: CardBehaviour;
}

const ok: CardBehaviour = { kind: "succeed" };
const challenge: CardBehaviour = { kind: "authenticate" };
const decline = (code: string, declineCode: string | undefined, message: string): CardBehaviour => ({ kind: "decline", code, declineCode, message });

export const TEST_CARDS: TestCard[] = [
  { number: "4242424242424242", paymentMethod: "pm_card_visa", brand: "visa", funding: "credit", country: "US", behaviour: ok },
  { number: "4000056655665556", paymentMethod: "pm_card_visa_debit", brand: "visa", funding: "debit", country: "US", behaviour: ok },
  { number: "5555555555554444", paymentMethod: "pm_card_mastercard", brand: "mastercard", funding: "credit", country: "US", behaviour: ok },
  { number: "5200828282828210", paymentMethod: "pm_card_mastercard_debit", brand: "mastercard", funding: "debit", country: "US", behaviour: ok },
  { number: "5105105105105100", paymentMethod: "pm_card_mastercard_prepaid", brand: "mastercard", funding: "prepaid", country: "US", behaviour: ok },
  { number: "378282246310005", paymentMethod: "pm_card_amex", brand: "amex", funding: "credit", country: "US", behaviour: ok },
  { number: "4000008260000000", paymentMethod: "pm_card_gb", brand: "visa", funding: "credit", country: "GB", behaviour: ok },
  { number: "4000058260000005", paymentMethod: "pm_card_gb_debit", brand: "visa", funding: "debit", country: "GB", behaviour: ok },
  // 3D Secure: a challenge on every payment.
  { number: "4000002760003184", paymentMethod: "pm_card_authenticationRequired", brand: "visa", funding: "credit", country: "IE", behaviour: challenge },
  { number: "4000002500003155", paymentMethod: "pm_card_authenticationRequiredOnSetup", brand: "visa", funding: "credit", country: "IE", behaviour: challenge },
  { number: "4000000000003220", paymentMethod: "pm_card_threeDSecure2Required", brand: "visa", funding: "credit", country: "US", behaviour: challenge },
  // Declines.
  {
    number: "4000000000000002",
    paymentMethod: "pm_card_visa_chargeDeclined",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: decline("card_declined", "generic_decline", "Your card was declined."),
  },
  {
    number: "4000000000009995",
    paymentMethod: "pm_card_visa_chargeDeclinedInsufficientFunds",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: decline("card_declined", "insufficient_funds", "Your card has insufficient funds."),
  },
  {
    number: "4000000000009987",
    paymentMethod: "pm_card_visa_chargeDeclinedLostCard",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: decline("card_declined", "lost_card", "Your card was declined."),
  },
  {
    number: "4000000000000069",
    paymentMethod: "pm_card_chargeDeclinedExpiredCard",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: decline("expired_card", "expired_card", "Your card has expired."),
  },
  {
    number: "4000000000000127",
    paymentMethod: "pm_card_chargeDeclinedIncorrectCvc",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: decline("incorrect_cvc", "incorrect_cvc", "Your card's security code is incorrect."),
  },
  {
    number: "4000000000000119",
    paymentMethod: "pm_card_chargeDeclinedProcessingError",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: decline("processing_error", "processing_error", "An error occurred while processing your card. Try again in a little bit."),
  },
  // Paid, then disputed by the cardholder as fraudulent.
  {
    number: "4000000000000259",
    paymentMethod: "pm_card_createDispute",
    brand: "visa",
    funding: "credit",
    country: "US",
    behaviour: { kind: "succeed", dispute: true },
  },
];

/** A test card by number (spaces allowed) or by its test PaymentMethod id. */
export function testCard(numberOrPaymentMethod: string): TestCard | undefined {
  const key = numberOrPaymentMethod.replace(/[\s-]/g, "");
  return TEST_CARDS.find((c) => c.number === key || c.paymentMethod === numberOrPaymentMethod);
}
