import type { Json } from "./objects";

/** An API error as Stripe answers it: an HTTP status and `{ error: { type, code, message, … } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json & { type: string; message: string },
  ) {
    super(error.message);
  }
}

export function invalidRequest(message: string, extra: Json = {}): StripeApiError {
  return new StripeApiError(400, { type: "invalid_request_error", message, ...extra });
}

/** An unknown id: 404 for the object asked for, 400 for one named in a parameter. */
export function noSuch(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: "parameter_missing", param });
}

export const docUrl = (code: string): string => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;
