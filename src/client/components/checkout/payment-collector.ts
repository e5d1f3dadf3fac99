/**
 * What a checkout form asks of the payment form in front of it, whichever the provider: a token
 * standing for the buyer's payment method (never the card itself), and, when the bank wants the
 * buyer to authenticate, the handling of that step in the page (Stripe.js; the simulated bank's
 * page is a redirect instead).
 */
export interface PaymentCollector {
  /** The token to pay with, or null when the form has shown the buyer what to fix. */
  token(): Promise<string | null>;
  authenticate?(clientSecret: string): Promise<void>;
}
