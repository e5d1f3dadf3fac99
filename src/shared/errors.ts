/**
 * What went wrong, in the shop's own words. A service throws one of these codes; this one table
 * says how each travels: the tRPC code (and so the HTTP status of the REST face). The web app and
 * REST clients switch on the domain code (`appCode` in an error), never on the transport code, so
 * "sold out" and "under 18" stay different things even though both are a 403.
 */
export const APP_ERRORS = {
  // Requests the shop cannot read or act on.
  INVALID_INPUT: { trpc: "BAD_REQUEST", status: 400 },
  NOT_FOUND: { trpc: "NOT_FOUND", status: 404 },
  // Who is asking.
  SIGN_IN_REQUIRED: { trpc: "UNAUTHORIZED", status: 401 },
  INVALID_CREDENTIALS: { trpc: "UNAUTHORIZED", status: 401 },
  WRONG_PASSWORD: { trpc: "BAD_REQUEST", status: 400 },
  ADMIN_ONLY: { trpc: "FORBIDDEN", status: 403 },
  CROSS_SITE: { trpc: "FORBIDDEN", status: 403 },
  NOT_YOURS: { trpc: "FORBIDDEN", status: 403 },
  ACCOUNT_CLOSED: { trpc: "FORBIDDEN", status: 403 },
  EMAIL_TAKEN: { trpc: "CONFLICT", status: 409 },
  LINK_EXPIRED: { trpc: "BAD_REQUEST", status: 400 },
  EMAIL_NOT_VERIFIED: { trpc: "FORBIDDEN", status: 403 },
  // Entering a competition.
  COMPETITION_CLOSED: { trpc: "FORBIDDEN", status: 403 },
  SOLD_OUT: { trpc: "FORBIDDEN", status: 403 },
  NOT_ENOUGH_TICKETS: { trpc: "CONFLICT", status: 409 },
  WRONG_ANSWER: { trpc: "UNPROCESSABLE_CONTENT", status: 422 },
  PER_PERSON_LIMIT: { trpc: "FORBIDDEN", status: 403 },
  /** One buyer (or one address) already holds its share of a competition in unpaid orders; details: { limit, waiting }. */
  HOLD_LIMIT: { trpc: "CONFLICT", status: 409 },
  ORDER_LIMIT: { trpc: "BAD_REQUEST", status: 400 },
  POSTAL_NOT_ACCEPTED: { trpc: "FORBIDDEN", status: 403 },
  LATE_ENTRY: { trpc: "FORBIDDEN", status: 403 },
  DUPLICATE_ENTRY: { trpc: "CONFLICT", status: 409 },
  /** Staff know the instant-win numbers: their accounts may not enter those competitions. */
  STAFF_CANNOT_ENTER: { trpc: "FORBIDDEN", status: 403 },
  /** Chosen numbers another buyer holds or bought first; details: { lost, nearby }. */
  NUMBERS_TAKEN: { trpc: "CONFLICT", status: 409 },
  /** Numbers chosen where the competition does not let buyers choose, or not fitting it. */
  NUMBERS_NOT_ALLOWED: { trpc: "BAD_REQUEST", status: 400 },
  /** A discount code that gives nothing on this order; details: { reason } (src/shared/schemas/discounts.ts DISCOUNT_REASONS). */
  DISCOUNT_NOT_APPLICABLE: { trpc: "UNPROCESSABLE_CONTENT", status: 422 },
  // Player protection.
  UNDER_18: { trpc: "FORBIDDEN", status: 403 },
  DATE_OF_BIRTH_NEEDED: { trpc: "FORBIDDEN", status: 403 },
  DATE_OF_BIRTH_LOCKED: { trpc: "FORBIDDEN", status: 403 },
  // Claiming a prize.
  DATE_OF_BIRTH_MISMATCH: { trpc: "BAD_REQUEST", status: 400 },
  CLAIM_EXPIRED: { trpc: "CONFLICT", status: 409 },
  SUSPENDED: { trpc: "FORBIDDEN", status: 403 },
  SPENDING_LIMIT: { trpc: "FORBIDDEN", status: 403 },
  CREDIT_CARD_LIMIT: { trpc: "FORBIDDEN", status: 403 },
  CREDIT_CARD_NOT_ALLOWED: { trpc: "FORBIDDEN", status: 403 },
  // Money.
  PAYMENT_DECLINED: { trpc: "PAYMENT_REQUIRED", status: 402 },
  REFUND_NOT_ALLOWED: { trpc: "CONFLICT", status: 409 },
  IDEMPOTENCY_KEY_REUSED: { trpc: "UNPROCESSABLE_CONTENT", status: 422 },
  // The back office: a change the current state does not allow.
  ALREADY_EXISTS: { trpc: "CONFLICT", status: 409 },
  ALREADY_DRAWN: { trpc: "CONFLICT", status: 409 },
  NO_ENTRIES: { trpc: "CONFLICT", status: 409 },
  /** A draw before the competition's end date (sales and postal entries still promised); details: { endDate, drawDate, confirmEndDate }. */
  DRAW_TOO_EARLY: { trpc: "CONFLICT", status: 409 },
  PAYMENTS_PENDING: { trpc: "CONFLICT", status: 409 },
  POOL_FROZEN: { trpc: "CONFLICT", status: 409 },
  HAS_SALES: { trpc: "CONFLICT", status: 409 },
  INVALID_STATE: { trpc: "CONFLICT", status: 409 },
  // Come back later.
  RATE_LIMITED: { trpc: "TOO_MANY_REQUESTS", status: 429 },
  UNAVAILABLE: { trpc: "SERVICE_UNAVAILABLE", status: 503 },
  INTERNAL: { trpc: "INTERNAL_SERVER_ERROR", status: 500 },
} as const satisfies Record<string, { trpc: string; status: number }>;

export type AppErrorCode = keyof typeof APP_ERRORS;
export const APP_ERROR_CODES = Object.keys(APP_ERRORS) as AppErrorCode[];

/**
 * The domain code of an error that did not come from a service (input validation, an unknown
 * path, a budget, a failure): the general code of its transport.
 */
export const APP_CODE_BY_TRPC_CODE: Partial<Record<string, AppErrorCode>> = {
  BAD_REQUEST: "INVALID_INPUT",
  PARSE_ERROR: "INVALID_INPUT",
  PAYLOAD_TOO_LARGE: "INVALID_INPUT",
  UNSUPPORTED_MEDIA_TYPE: "INVALID_INPUT",
  METHOD_NOT_SUPPORTED: "NOT_FOUND",
  NOT_FOUND: "NOT_FOUND",
  UNAUTHORIZED: "SIGN_IN_REQUIRED",
  FORBIDDEN: "NOT_YOURS",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  SERVICE_UNAVAILABLE: "UNAVAILABLE",
  INTERNAL_SERVER_ERROR: "INTERNAL",
};

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === "string" && Object.hasOwn(APP_ERRORS, value);
}
