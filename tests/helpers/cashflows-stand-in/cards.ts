/**
 * The stand-in's test cards (any future expiry, any 3-digit CVC, any name). Numbers not listed are
 * declined (Dx05). An expiry in the past is declined as expired (Vx02); CVC 000 as incorrect (Vx05).
 *
 * | number              | scheme     | funding | what happens                                          |
 * | 4000 0000 0000 0002 | Visa       | Debit   | paid (frictionless)                                   |
 * | 5555 5555 5555 4444 | Mastercard | Credit  | paid (frictionless)                                   |
 * | 4000 0000 0000 0036 | Visa       | Prepaid | paid (frictionless)                                   |
 * | 4000 0000 0000 0119 | Visa       | Debit   | declined: Dx05 (do not honour)                        |
 * | 4000 0000 0000 9995 | Visa       | Debit   | declined: Dx02 (insufficient funds)                   |
 * | 4000 0000 0000 3220 | Visa       | Debit   | asks for 3-D Secure: the challenge page approves/fails|
 * | 5200 0000 0000 3220 | Mastercard | Credit  | asks for 3-D Secure (a credit card behind a challenge)|
 * | 4000 0000 0000 3063 | Visa       | Debit   | 3-D Secure fails at once: ThreeDSecureFailed          |
 */
export type Funding = "Debit" | "Credit" | "Prepaid";

export interface TestCard {
  scheme: "Visa" | "Mastercard";
  funding: Funding;
  /** What happens when it pays. */
  outcome: "paid" | "challenge" | { declined: string };
}

export const TEST_CARDS: Record<string, TestCard> = {
  "4000000000000002": { scheme: "Visa", funding: "Debit", outcome: "paid" },
  "5555555555554444": { scheme: "Mastercard", funding: "Credit", outcome: "paid" },
  "4000000000000036": { scheme: "Visa", funding: "Prepaid", outcome: "paid" },
  "4000000000000119": { scheme: "Visa", funding: "Debit", outcome: { declined: "Dx05" } },
  "4000000000009995": { scheme: "Visa", funding: "Debit", outcome: { declined: "Dx02" } },
  "4000000000003220": { scheme: "Visa", funding: "Debit", outcome: "challenge" },
  "5200000000003220": { scheme: "Mastercard", funding: "Credit", outcome: "challenge" },
  "4000000000003063": { scheme: "Visa", funding: "Debit", outcome: { declined: "ThreeDSecureFailed" } },
};

export const CARD = {
  visaDebit: "4000000000000002",
  mastercardCredit: "5555555555554444",
  prepaid: "4000000000000036",
  declined: "4000000000000119",
  insufficientFunds: "4000000000009995",
  challenge: "4000000000003220",
  challengeCredit: "5200000000003220",
  threeDSecureFails: "4000000000003063",
} as const;

/** The Gateway's words for the codes the stand-in answers (`message`, and `translatedMessage` for the payer). */
export const ERROR_MESSAGES: Record<string, string> = {
  Dx05: "The payment was declined by the card issuer.",
  Dx02: "The payment was declined: insufficient funds.",
  Vx02: "The card has expired.",
  Vx05: "The card security code is incorrect.",
  ThreeDSecureFailed: "3-D Secure authentication failed.",
};

export function errorReport(code: string, message = ERROR_MESSAGES[code] ?? code) {
  return { errors: [{ code, message, translatedMessage: message }] };
}

/** 400000******0002 */
export function masked(number: string): string {
  return `${number.slice(0, 6)}${"*".repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
}
