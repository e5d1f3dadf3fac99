import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { AppError, rateLimited, toTrpcError } from "../../src/server/errors";
import { APP_CODE_BY_TRPC_CODE, APP_ERRORS, APP_ERROR_CODES, isAppErrorCode } from "../../src/shared/errors";

describe("the table of domain error codes", () => {
  it("gives each code the HTTP status its tRPC code is sent with", () => {
    for (const code of APP_ERROR_CODES) {
      const trpc = toTrpcError(new AppError(code, "x"));
      expect(trpc.code, code).toBe(APP_ERRORS[code].trpc);
      expect(getHTTPStatusCodeFromError(trpc), code).toBe(APP_ERRORS[code].status);
    }
  });

  it("keeps the statuses REST clients already rely on", () => {
    expect(APP_ERRORS.SOLD_OUT.status).toBe(403);
    expect(APP_ERRORS.COMPETITION_CLOSED.status).toBe(403);
    expect(APP_ERRORS.UNDER_18.status).toBe(403);
    expect(APP_ERRORS.NOT_ENOUGH_TICKETS.status).toBe(409);
    expect(APP_ERRORS.WRONG_ANSWER.status).toBe(422);
    expect(APP_ERRORS.PAYMENT_DECLINED.status).toBe(402);
    expect(APP_ERRORS.RATE_LIMITED.status).toBe(429);
  });

  it("names a domain code for every transport code a request can fail with", () => {
    for (const code of [
      "BAD_REQUEST",
      "UNAUTHORIZED",
      "FORBIDDEN",
      "NOT_FOUND",
      "TOO_MANY_REQUESTS",
      "INTERNAL_SERVER_ERROR",
      "SERVICE_UNAVAILABLE",
      "PAYLOAD_TOO_LARGE",
    ] as const) {
      const app = APP_CODE_BY_TRPC_CODE[code];
      expect(isAppErrorCode(app), code).toBe(true);
      expect(getHTTPStatusCodeFromError(new TRPCError({ code })), code).toBe(code === "PAYLOAD_TOO_LARGE" ? 413 : APP_ERRORS[app!].status);
    }
  });

  it("lets a refusal to come back later carry Retry-After in whole seconds", () => {
    const err = rateLimited("Wait", 2.2, { scope: "account" });
    expect(err.code).toBe("RATE_LIMITED");
    expect(err.headers).toEqual({ "Retry-After": "3" });
    expect(err.details).toEqual({ scope: "account", retryAfter: 3 });
    expect(rateLimited("Wait", 0).headers).toEqual({ "Retry-After": "1" });
  });
});
