import { Cashflows } from "cashflows-clientlib-js/src/cashflows.js";
import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { Link } from "react-router-dom";
import { formatPounds } from "../../../shared/money";
import { cn } from "../../lib/cn";
import { buttonClasses } from "../ui/button-styles";
import { LockIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";
import { CardFormUnavailable } from "./cashflows-card-form-lazy";
import { watchCashflowsChallenge } from "./cashflows-challenge";

/*
 * Cashflows' card form. This module, and Cashflows' library with it, loads only when a shop whose
 * provider is Cashflows has an order to pay: the library swaps our four inputs for its own iframes
 * (it copies their computed style), so card details go from those iframes to Cashflows and never
 * through this page's code. Its pay button pays the payment intent the server created; 3-D Secure
 * is Cashflows' own dialog. Whatever the browser is told, the server settles the order from its own
 * call to Cashflows: a resolved checkout only sends the buyer to the page that asks it.
 */

/** How long the card form waits for Google Pay's script before it lets the buyer pay by card. */
const WALLET_WAIT_MS = 4000;

export const CARD_FORM_FIELDS = [
  { key: "cardnumber", label: "Card number" },
  { key: "cardholdername", label: "Name on card" },
  { key: "cardexpiry", label: "Expiry date" },
  { key: "cardcvc", label: "Security code" },
] as const;

type Stage = { kind: "loading" } | { kind: "ready" } | { kind: "paying" } | { kind: "declined"; message: string } | { kind: "broken" };

export interface CashflowsCardFormProps {
  /** The payment intent's token (the order's nextAction.clientSecret). */
  token: string;
  environment: "integration" | "production";
  /** The wallets the shop's Cashflows configuration offers (GET /api/payments/config); none are started otherwise. */
  wallets?: ReadonlyArray<"google_pay" | "apple_pay">;
  /** What the card pays. */
  amountPence: number;
  /** The order's page (/checkout/complete?order=…): where a paid, failed or abandoned payment goes on. */
  completeHref: string;
  /** The library says the payment went through: the caller sends the buyer to the order's page. */
  onPaid: () => void;
  /** The library says it did not (the form then says why and the way on). */
  onDeclined?: () => void;
}

/** The library rejects with a string (its own words or the Gateway's translated message), sometimes an Error. */
function reasonOf(reason: unknown): string | null {
  if (typeof reason === "string" && reason.trim()) return reason.trim();
  if (reason instanceof Error && reason.message) return reason.message;
  const message = (reason as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message.trim() : null;
}

/** Cashflows' iframes copy the input's computed style, its width in pixels with it: ours follow the form's width instead. */
function settleFrames(container: HTMLElement) {
  for (const { key, label } of CARD_FORM_FIELDS) {
    const frame = container.querySelector<HTMLIFrameElement>(`iframe.cf-${key}`);
    if (!frame) continue;
    frame.title = label;
    frame.style.width = "100%";
    frame.style.display = "block";
  }
}

const NO_WALLETS: ReadonlyArray<"google_pay" | "apple_pay"> = [];

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Never sent to the buyer blank: while loading, when it cannot load, and once the payment is refused. */
export function CashflowsCardForm({ token, environment, wallets = NO_WALLETS, amountPence, completeHref, onPaid, onDeclined }: CashflowsCardFormProps) {
  const id = useId();
  const buttonId = `cf-pay-${id.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const container = useRef<HTMLDivElement>(null);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const googlePay = useRef<HTMLDivElement>(null);
  const applePay = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  const mounted = useRef(false);
  const paid = useRef(onPaid);
  paid.current = onPaid;
  const declined = useRef(onDeclined);
  declined.current = onDeclined;
  const [stage, setStage] = useState<Stage>({ kind: "loading" });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => watchCashflowsChallenge(), []);

  useEffect(() => {
    // Once only, also under StrictMode's second run: the library has replaced the inputs by then.
    if (started.current) return;
    started.current = true;
    void (async () => {
      let cashflows: Cashflows;
      try {
        const [number, name, expiry, cvc] = inputs.current;
        if (!number || !name || !expiry || !cvc || !container.current || !document.getElementById(buttonId))
          throw new Error("The card form's fields are missing.");
        cashflows = new Cashflows(token, environment === "integration");
        await cashflows.initCard(number, name, expiry, cvc, `#${buttonId}`);
        settleFrames(container.current);
      } catch (error) {
        console.error("Cashflows' card form could not start:", error);
        setStage({ kind: "broken" });
        return;
      }
      // Wallets are extras, started only when the shop's configuration offers them (asked for one it
      // does not offer, the library cannot take a card at all); one the device lacks stays hidden.
      const walletsReady = Promise.allSettled([
        googlePay.current && wallets.includes("google_pay")
          ? cashflows.initGooglePay(googlePay.current, { buttonColor: "black", buttonSizeMode: "fill", buttonType: "pay" })
          : null,
        applePay.current && wallets.includes("apple_pay") ? cashflows.initApplePay(applePay.current) : null,
      ]);
      await Promise.race([walletsReady, delay(WALLET_WAIT_MS)]);
      cashflows.checkout().then(
        // Called even once this form is gone (the order's page swapped its view meanwhile): the buyer pressed Pay and it went through.
        () => paid.current(),
        (reason: unknown) => {
          const message = reasonOf(reason);
          // Paid already (a second tab, or the buyer came back after paying): the order's page says so.
          if (message && /payment state: (Paid|Verified)\b/.test(message)) {
            paid.current();
            return;
          }
          setStage({ kind: "declined", message: message ?? "Payment failed." });
          if (mounted.current) declined.current?.();
        },
      );
      setStage((s) => (s.kind === "loading" ? { kind: "ready" } : s));
    })();
  }, [token, environment, wallets, buttonId]);

  if (stage.kind === "declined") {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger-200 bg-danger-50 p-4 text-danger-800">
        <p className="font-semibold">Your payment was not completed: {stage.message}</p>
        <p className="text-sm text-stone-800">Nothing has been taken from your card. Your order page shows what happened and how to try again.</p>
        <Link to={completeHref} className={buttonClasses("primary", "md", "self-start")}>
          See your order
        </Link>
      </div>
    );
  }

  const waiting = stage.kind === "loading" || stage.kind === "paying";
  return (
    <div className="flex flex-col gap-4">
      {stage.kind === "broken" ? <CardFormUnavailable completeHref={completeHref} /> : null}
      <div
        ref={container}
        hidden={stage.kind === "broken"}
        aria-busy={stage.kind === "loading" || undefined}
        className={cn(
          "grid gap-4 sm:grid-cols-2",
          // Cashflows' own field messages (span.cf-message) and invalid fields (iframe.cf-error).
          "[&_.cf-message]:mt-1 [&_.cf-message]:block [&_.cf-message]:text-sm [&_.cf-message]:font-medium [&_.cf-message]:text-danger-700",
          "[&_.cf-error]:border-danger-700!",
        )}
      >
        {CARD_FORM_FIELDS.map(({ key, label }, i) => (
          <CardFrameField key={key} name={key} label={label} wide={i < 2} inputRef={(el) => void (inputs.current[i] = el)} />
        ))}
      </div>
      {stage.kind === "loading" ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <Spinner size="sm" /> Loading Cashflows' secure card form…
        </p>
      ) : null}
      {stage.kind === "paying" ? (
        <p role="status" className="rounded-xl bg-cream-100 p-4 text-sm text-stone-800">
          Confirming your payment. Your bank may ask you to confirm it: please complete the check it shows you.
        </p>
      ) : null}
      <button
        type="button"
        id={buttonId}
        // Cashflows enables it once all four fields are valid; React never changes this attribute again.
        disabled
        hidden={stage.kind === "broken"}
        aria-describedby={`${buttonId}-hint`}
        className={buttonClasses("accent", "lg", "w-full")}
        onClick={() => setStage((s) => (s.kind === "ready" ? { kind: "paying" } : s))}
      >
        {waiting ? <Spinner size="sm" /> : <LockIcon className="size-5" />}
        Pay {formatPounds(amountPence)}
      </button>
      <p id={`${buttonId}-hint`} className="text-center text-xs text-stone-600" hidden={stage.kind === "broken"}>
        Pay becomes available once all four card fields are filled in correctly.
      </p>
      <div className="hidden flex-col gap-2 has-[[data-wallet]:not([hidden])]:flex">
        <p className="text-center text-sm font-semibold text-stone-700">Or pay with</p>
        <div ref={googlePay} data-wallet="google-pay" hidden className="min-h-12" aria-label="Google Pay" role="group" />
        <button
          ref={applePay}
          type="button"
          data-wallet="apple-pay"
          hidden
          aria-label="Pay with Apple Pay"
          className="min-h-12 w-full rounded-lg bg-black font-semibold text-white"
          style={{ WebkitAppearance: "-apple-pay-button", ApplePayButtonType: "pay", ApplePayButtonStyle: "black" } as CSSProperties}
        >
          Apple Pay
        </button>
      </div>
    </div>
  );
}

/**
 * One of the four fields. The input is the library's to replace: React renders it once and never
 * changes it, and it sits alone in its wrapper so React never touches its siblings either. It has
 * the shop's field styling and a fixed height, which Cashflows' iframe copies.
 */
function CardFrameField({ name, label, wide, inputRef }: { name: string; label: string; wide: boolean; inputRef: (el: HTMLInputElement | null) => void }) {
  const id = `${useId()}-${name}`;
  return (
    <div className={cn("flex flex-col gap-1.5", wide && "sm:col-span-2")}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <div aria-live="polite">
        <input
          ref={inputRef}
          id={id}
          name={name}
          readOnly
          tabIndex={-1}
          className="block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs"
        />
      </div>
    </div>
  );
}
