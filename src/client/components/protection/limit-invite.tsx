import { ButtonLink } from "../ui/button";
import { CloseIcon, ShieldIcon } from "../ui/icons";

/** The invitation to set a monthly spending limit (COMPLIANCE 1.4): after registering and after the first purchase. */
export function LimitInvite({ onDismiss }: { onDismiss?: () => void }) {
  return (
    <section aria-labelledby="limit-invite-heading" className="relative rounded-2xl border border-field-200 bg-field-50 p-5 text-left shadow-sm sm:p-6">
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss: set a monthly spending limit"
          className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-white"
        >
          <CloseIcon className="size-5" />
        </button>
      ) : null}
      <h2 id="limit-invite-heading" className="flex items-center gap-2 pr-10 font-sans text-xl font-bold text-field-900">
        <ShieldIcon className="size-5 shrink-0 text-field-700" />
        Set a monthly spending limit
      </h2>
      <p className="mt-2 text-stone-800">
        Decide now how much you want to spend on competitions each month: any amount, even £0. A lower limit applies straight away; a higher one only after 24
        hours.
      </p>
      <ButtonLink to="/account?tab=limits" className="mt-4">
        Set a limit
      </ButtonLink>
    </section>
  );
}
