import { LockIcon } from "../ui/icons";
import { CheckoutAccountPanel } from "./checkout-account-panel";

/**
 * In place of the payment form for a visitor: paying needs an account, made or signed into right
 * here, so the cart or the saved entry and the page stay as they are.
 */
export function SignInToPay({ saved }: { saved: string }) {
  return (
    <section aria-labelledby="sign-in-to-pay" className="rounded-2xl border-2 border-field-600 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="sign-in-to-pay" className="flex items-center gap-2 text-2xl font-bold">
        <LockIcon className="size-6 shrink-0 text-field-700" />
        Sign in or create an account to pay
      </h2>
      <p className="mt-3 text-stone-800">
        Before we take a payment we check that every player is 18 or over and within their own spending limits, so paying needs an account. It also keeps all
        your tickets together in one place.
      </p>
      <p className="mt-2 text-stone-700">{saved} Once you're signed in, you pay right here.</p>
      <div className="mt-5">
        <CheckoutAccountPanel />
      </div>
    </section>
  );
}
