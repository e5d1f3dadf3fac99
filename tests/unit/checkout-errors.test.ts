import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { describeCheckoutError, refusalTitle } from "../../src/client/lib/checkout-errors";
import { refusalAction } from "../../src/client/lib/refusal-toast";
import type { AppErrorCode } from "../../src/shared/errors";

/** An error as the web app's tRPC client receives it from the server's error formatter. */
function refused(appCode: AppErrorCode, message: string, code = "FORBIDDEN", details?: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32003, data: { code, httpStatus: 403, appCode, details } } });
}

describe("what the checkout makes of a refused order", () => {
  it("quotes the server when it refused the entry, and tells sold out from under 18 by code", () => {
    expect(describeCheckoutError(refused("SOLD_OUT", '"Tractor" has sold out'))).toMatchObject({
      definitive: true,
      refusal: '"Tractor" has sold out',
      code: "SOLD_OUT",
    });
    expect(describeCheckoutError(refused("UNDER_18", "You must be 18 or over to enter our competitions."))).toMatchObject({
      refusal: "You must be 18 or over to enter our competitions.",
      code: "UNDER_18",
    });
  });

  it("names the competition whose answer was wrong when the server says which", () => {
    const wrong = 'Incorrect answer to the qualifying question for "Tractor"';
    expect(describeCheckoutError(refused("WRONG_ANSWER", wrong, "UNPROCESSABLE_CONTENT", { competitionId: "comp-2" }))).toMatchObject({
      code: "WRONG_ANSWER",
      competitionId: "comp-2",
    });
    expect(describeCheckoutError(refused("WRONG_ANSWER", wrong, "UNPROCESSABLE_CONTENT"))).not.toHaveProperty("competitionId");
  });

  it("gives the screen's own text for a declined card or a failure, but knows the attempt is over", () => {
    expect(describeCheckoutError(refused("PAYMENT_DECLINED", "Your payment could not be processed. Please try again.", "PAYMENT_REQUIRED"))).toMatchObject({
      definitive: true,
      refusal: null,
    });
    expect(describeCheckoutError(refused("INTERNAL", "Something went wrong", "INTERNAL_SERVER_ERROR"))).toMatchObject({ definitive: true, refusal: null });
  });

  it("asks for sign-in on SIGN_IN_REQUIRED, and treats a lost connection as not definitive", () => {
    expect(describeCheckoutError(refused("SIGN_IN_REQUIRED", "Please sign in again.", "UNAUTHORIZED"))).toMatchObject({
      signInNeeded: true,
      refusal: "Please sign in again.",
    });
    expect(describeCheckoutError(new TypeError("Failed to fetch"))).toEqual({ definitive: false, refusal: null, signInNeeded: false });
  });

  it("links each refusal with a fix to it by code, whatever its wording", () => {
    expect(refusalAction("DATE_OF_BIRTH_NEEDED")?.to).toBe("/account?tab=profile");
    expect(refusalAction("SPENDING_LIMIT")?.to).toBe("/account?tab=limits");
    expect(refusalAction("SUSPENDED")?.to).toBe("/safer-play");
    expect(refusalAction("SOLD_OUT")).toBeNull();
    expect(refusalAction(undefined)).toBeNull();
  });

  it("titles a player-protection refusal by the rule that refused it, and anything else as the screen does", () => {
    expect(refusalTitle("SPENDING_LIMIT", "Payment Failed")).toBe("Monthly spending limit reached");
    expect(refusalTitle("CREDIT_CARD_LIMIT", "Payment Failed")).toBe("Monthly credit card limit reached");
    expect(refusalTitle("CREDIT_CARD_NOT_ALLOWED", "Payment Failed")).toBe("Debit card needed");
    expect(refusalTitle("SUSPENDED", "Payment Failed")).toBe("Entries paused on your account");
    expect(refusalTitle("SOLD_OUT", "Payment Failed")).toBe("Payment Failed");
    expect(refusalTitle(undefined, "Payment Failed")).toBe("Payment Failed");
  });
});
