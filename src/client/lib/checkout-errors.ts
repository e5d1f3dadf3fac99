import type { ZodError } from "zod";
import type { AppErrorCode } from "../../shared/errors";
import { appErrorCode, appErrorDetails } from "./trpc-errors";

/** SPEC §8: what a wrong qualifying answer shows, wherever it is found out. */
export const INCORRECT_ANSWER = { title: "Incorrect Answer", description: "Please check your answer to the qualifying question and try again." } as const;

/**
 * Why an order can be refused, in words written for the customer, so the screen shows the server's
 * own message. A declined card, an outage or a failure gets the screen's generic payment text.
 */
const REFUSALS = new Set<AppErrorCode>([
  "INVALID_INPUT",
  "NOT_FOUND",
  "SIGN_IN_REQUIRED",
  "ACCOUNT_CLOSED",
  "NOT_YOURS",
  "CROSS_SITE",
  "COMPETITION_CLOSED",
  "SOLD_OUT",
  "NOT_ENOUGH_TICKETS",
  "WRONG_ANSWER",
  "PER_PERSON_LIMIT",
  "HOLD_LIMIT",
  "ORDER_LIMIT",
  "UNDER_18",
  "DATE_OF_BIRTH_NEEDED",
  "EMAIL_NOT_VERIFIED",
  "SUSPENDED",
  "SPENDING_LIMIT",
  "CREDIT_CARD_LIMIT",
  "CREDIT_CARD_NOT_ALLOWED",
  "RATE_LIMITED",
  "NUMBERS_TAKEN",
  "NUMBERS_NOT_ALLOWED",
]);

/**
 * A refusal by the player-protection rules is not a failed payment: its title names the rule, and
 * the server's message (the limit, what is left) stays beneath it. Others keep the screen's title.
 */
const REFUSAL_TITLES: Partial<Record<AppErrorCode, string>> = {
  SPENDING_LIMIT: "Monthly spending limit reached",
  CREDIT_CARD_LIMIT: "Monthly credit card limit reached",
  CREDIT_CARD_NOT_ALLOWED: "Debit card needed",
  SUSPENDED: "Entries paused on your account",
  UNDER_18: "Over-18s only",
  DATE_OF_BIRTH_NEEDED: "Date of birth needed",
};

/** The title of a refusal's message: the rule that refused it, or `fallback` ("Payment Failed"). */
export function refusalTitle(code: AppErrorCode | undefined, fallback: string): string {
  return (code && REFUSAL_TITLES[code]) ?? fallback;
}

/** Chosen numbers another buyer took first (409 NUMBERS_TAKEN): which, and free ones near them. */
export interface NumbersTaken {
  lost: string[];
  nearby: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export interface CheckoutFailure {
  /** The server answered, so this attempt is over and a retry is a new attempt (new idempotency key). */
  definitive: boolean;
  /** The server's own message when it refused the entry; otherwise null (use the screen's generic text). */
  refusal: string | null;
  /** The server wants a signed-in customer (the session ended, or guest checkout is off). */
  signInNeeded: boolean;
  /** The shop's code for the refusal, when the server answered. */
  code?: AppErrorCode;
  /** The competition the refusal is about, when the server names it (`details.competitionId`), e.g. the wrong answer's. */
  competitionId?: string;
  /** For NUMBERS_TAKEN: the numbers lost and the free ones offered instead. */
  numbersTaken?: NumbersTaken;
}

export function describeCheckoutError(error: unknown): CheckoutFailure {
  const code = appErrorCode(error);
  if (!code) return { definitive: false, refusal: null, signInNeeded: false };
  const message = (error as Error).message.trim();
  const refusal = REFUSALS.has(code) && message ? message : null;
  const { competitionId, lost, nearby } = appErrorDetails(error);
  return {
    definitive: true,
    refusal,
    signInNeeded: code === "SIGN_IN_REQUIRED",
    code,
    ...(typeof competitionId === "string" ? { competitionId } : {}),
    ...(code === "NUMBERS_TAKEN" ? { numbersTaken: { lost: strings(lost), nearby: strings(nearby) } } : {}),
  };
}

/** First message per field, keyed by the last part of the path ("card.cvv" → "cvv"). */
export function nestedFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.at(-1);
    if (typeof key !== "string") continue;
    out[key] ??= issue.message;
  }
  return out;
}
