import { createContext, useContext } from "react";

/**
 * What the payment gate can show before the payment form, when a payment attempt finds the account
 * is not ready yet: the date-of-birth step, or the "confirm your email" notice. The form stays
 * mounted behind them, so nothing typed is lost.
 */
export interface CheckoutSteps {
  askDateOfBirth: () => void;
  emailNotVerified: (message: string) => void;
}

export const CheckoutStepsContext = createContext<CheckoutSteps | null>(null);

/** Null outside a payment gate (the refusal is then explained as a toast). */
export function useCheckoutSteps(): CheckoutSteps | null {
  return useContext(CheckoutStepsContext);
}
