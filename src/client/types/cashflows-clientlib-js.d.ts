/**
 * What the checkout uses of Cashflows' browser library (cashflows-clientlib-js 1.0.51, whose npm
 * package ships only its ES module source, src/cashflows.js). Read from that source: elements may be
 * given as elements or as CSS selectors, but the pay button only as an <input> or a selector (the
 * library tests `instanceof HTMLInputElement`, so a <button> element must be passed by selector).
 */
declare module "cashflows-clientlib-js/src/cashflows.js" {
  /** The payment intent as the Gateway answers it (`data` of GET api/gateway/payment-intents/{token}). */
  export interface CashflowsIntent {
    paymentStatus?: string;
    lastPaymentStatus?: string;
    [key: string]: unknown;
  }

  export interface GooglePayButtonOptions {
    buttonColor?: "default" | "black" | "white";
    buttonSizeMode?: "static" | "fill";
    buttonType?: string;
  }

  export class Cashflows {
    /** `isIntegration`: Cashflows' integration environment (gateway-int) rather than production. */
    constructor(intentToken: string, isIntegration: boolean);
    /** Replaces the four inputs by Cashflows' iframes; the button is enabled once all four are valid. Rejects with a string. */
    initCard(
      cardNumber: HTMLInputElement | string,
      cardName: HTMLInputElement | string,
      cardExpiry: HTMLInputElement | string,
      cardCvc: HTMLInputElement | string,
      button: HTMLInputElement | string,
    ): Promise<void>;
    /** Loads Google's pay.js; the container's `hidden` attribute is removed when the device can pay. */
    initGooglePay(container: HTMLElement | string, buttonOptions?: GooglePayButtonOptions, merchantId?: string): Promise<void>;
    /** The element becomes the Apple Pay button; its `hidden` attribute is removed where Apple Pay is available. */
    initApplePay(button: HTMLElement | string): Promise<void>;
    /** Resolves with the intent once paid (or reserved); rejects with the reason, a string, otherwise. */
    checkout(): Promise<CashflowsIntent>;
  }
}
