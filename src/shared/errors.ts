/**
 * Codes a service may throw. One table on the server maps them to tRPC codes and HTTP statuses;
 * the client only ever sees the message.
 */
export const APP_ERROR_CODES = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYMENT_REQUIRED",
  "UNPROCESSABLE",
  "TOO_MANY_REQUESTS",
  "INTERNAL",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];
