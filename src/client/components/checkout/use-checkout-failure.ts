import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { describeCheckoutError, INCORRECT_ANSWER, refusalTitle, type CheckoutFailure, type NumbersTaken } from "../../lib/checkout-errors";
import { showRefusal } from "../../lib/refusal-toast";
import { toast } from "../../lib/toast";
import { useCheckoutSteps } from "./checkout-steps";

/** Chosen numbers lost to another buyer: the checkout shows it on the page, with the numbers it may take instead. */
export type OnNumbersTaken = (taken: NumbersTaken, message: string) => void;

/**
 * Explains a failed order: the spec's "Incorrect Answer" for a wrong qualifying answer, the
 * server's own reason when it refused the entry otherwise (with a link to the fix: profile, limits,
 * support), else the screen's generic payment message. Inside the payment gate, an account that
 * only lacks a date of birth or a confirmed email gets that step on the page instead of a failure;
 * chosen numbers another buyer took first go to `onNumbersTaken` when the screen offers others.
 */
export function useCheckoutFailure(generic: string, onNumbersTaken?: OnNumbersTaken) {
  const navigate = useNavigate();
  const location = useLocation();
  const steps = useCheckoutSteps();
  return useCallback(
    (error: unknown): CheckoutFailure => {
      const failure = describeCheckoutError(error);
      // The session, limits and number grids refresh by the checkout's declared rule (REFRESH.checkout).
      if (steps && failure.code === "DATE_OF_BIRTH_NEEDED") {
        steps.askDateOfBirth();
      } else if (steps && failure.code === "EMAIL_NOT_VERIFIED") steps.emailNotVerified(failure.refusal ?? generic);
      else if (failure.code === "WRONG_ANSWER") toast.error(INCORRECT_ANSWER.title, INCORRECT_ANSWER.description);
      else if (failure.numbersTaken && onNumbersTaken) onNumbersTaken(failure.numbersTaken, failure.refusal ?? "Some of your numbers have just been taken.");
      else if (failure.refusal)
        showRefusal(refusalTitle(failure.code, "Payment Failed"), failure.refusal, failure.code, navigate, `${location.pathname}${location.search}`);
      else toast.error("Payment Failed", generic);
      return failure;
    },
    [generic, onNumbersTaken, navigate, location.pathname, location.search, steps],
  );
}
