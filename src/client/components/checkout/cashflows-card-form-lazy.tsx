import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { buttonClasses } from "../ui/button-styles";
import { LoadingState } from "../ui/spinner";
import type { CashflowsCardFormProps } from "./cashflows-card-form";
import { StatementDescriptor } from "./statement-descriptor";

/** The card form could not be fetched or could not start: said plainly, never a blank box. */
export function CardFormUnavailable({ completeHref }: { completeHref: string }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-danger-200 bg-danger-50 p-4 text-danger-800">
      <p className="font-semibold">The secure card form could not be loaded.</p>
      <p className="text-sm text-stone-800">
        Nothing has been taken from your card. Please check your connection and reload this page, or open your order to pay from there.
      </p>
      <Link to={completeHref} className={buttonClasses("primary", "md", "self-start")}>
        See your order
      </Link>
    </div>
  );
}

// Cashflows' library (with axios) loads only here, and only once a Cashflows shop has an order to pay.
const Lazy = lazy(() =>
  import("./cashflows-card-form").then(
    (m) => ({ default: m.CashflowsCardForm }),
    (error: unknown) => {
      console.error("Cashflows' card form could not be fetched:", error);
      return { default: CardFormUnavailable };
    },
  ),
);

/** Cashflows' card form, with the statement descriptor under it once it is there. */
export function CashflowsCardForm({ statementDescriptor, ...props }: CashflowsCardFormProps & { statementDescriptor: string | null }) {
  return (
    <Suspense fallback={<LoadingState label="Loading Cashflows' secure card form…" />}>
      <div className="flex flex-col gap-4">
        <Lazy {...props} />
        {statementDescriptor ? <StatementDescriptor descriptor={statementDescriptor} /> : null}
      </div>
    </Suspense>
  );
}
