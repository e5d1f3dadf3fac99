import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import { formatPounds } from "../../../shared/money";
import { directCheckoutInput, type OrderResult } from "../../../shared/schemas/entry";
import { useCheckoutSubmit } from "../../hooks/use-checkout-submit";
import { useFormFields } from "../../hooks/use-form-fields";
import { nestedFieldErrors } from "../../lib/checkout-errors";
import { focusFirstInvalid } from "../../lib/form-errors";
import { pendingEntryLine, savePendingEntry, type PendingEntry } from "../../lib/pending-entry";
import { toast } from "../../lib/toast";
import { REFRESH } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { Card } from "../ui/card";
import { TextField } from "../ui/text-field";
import { DirectNumbers } from "./direct-numbers";
import { PayButton } from "./pay-button";
import { PaymentProcessing } from "./payment-processing";
import { usePaymentMethod } from "./payment-method";
import { useCheckoutFailure } from "./use-checkout-failure";
import { useLivePendingEntry } from "./use-live-pending-entry";
import { useNumbersTaken } from "./use-numbers-taken";
import { useProfileBilling } from "./use-profile-billing";
import { appErrorCode } from "../../lib/trpc-errors";
import { DiscountCodeField } from "./discount-code-field";
import { SiteCreditOption } from "./site-credit-option";
import type { DiscountCode } from "./use-discount-code";
import { useSiteCredit } from "./use-site-credit";

const PAYMENT_FAILED = "Your payment could not be processed. Please try again.";

/**
 * Card and billing details for one competition's entry; charges once however often it is clicked.
 * Chosen numbers go with the order; one taken by another buyer first can be swapped for a free one
 * nearby, and the next Pay sends the new numbers.
 */
export function DirectPaymentForm({
  entry: initial,
  onPaid,
  discount,
}: {
  entry: PendingEntry;
  onPaid: (result: OrderResult) => void;
  /** The entry's discount code (the page's, so the summary shows it too); no code box when absent. */
  discount?: DiscountCode;
}) {
  const trpc = useTRPC();
  const entry = useLivePendingEntry(initial);
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, setErrors, field } = useFormFields({
    nameOnCard: entry.customerName,
    cardNumber: "",
    expiryDate: "",
    cvv: "",
    address: "",
    city: "",
    postcode: "",
  });
  useProfileBilling(setValues);
  // What the entry costs after its discount code: site credit and the card pay that.
  const totalPence = pendingEntryLine(entry).totalPence - (discount?.discountPence ?? 0);
  const credit = useSiteCredit(totalPence);
  const needsCard = credit.cardPence > 0;
  const method = usePaymentMethod({ field, values, showErrors: (found) => setErrors((prev) => ({ ...prev, ...found })), amountPence: credit.cardPence });
  const checkout = useMutation(trpc.public.entries.checkoutDirect.mutationOptions({ meta: REFRESH.checkout }));
  const taken = useNumbersTaken();
  // A lost number is also marked on the stored entry, so the order summary shows it struck out.
  const explainFailure = useCheckoutFailure(PAYMENT_FAILED, (lost, message) => {
    taken.report(lost, message);
    savePendingEntry({ ...entry, lostNumbers: lost.lost });
  });
  const onRefused = (e: unknown) => {
    // The balance may have changed since the page read it (spent in another tab): show it as the server has it.
    credit.refresh();
    if (discount && appErrorCode(e) === "DISCOUNT_NOT_APPLICABLE") {
      // The code stopped applying since it was priced (used up meanwhile, say): shown at the box, nothing paid.
      discount.refused((e as Error).message);
      return true;
    }
    return explainFailure(e).definitive;
  };
  const payment = useCheckoutSubmit(checkout.mutateAsync, onRefused, onPaid, method.authenticate);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (payment.busy()) return;
    // Fewer numbers than tickets, or one just lost and not yet replaced: the panel above the button says what to do.
    if ((entry.numbers && entry.numbers.length !== entry.tickets) || (taken.state?.lost.length ?? 0) > 0) {
      formRef.current?.querySelector<HTMLElement>('[data-testid="numbers-taken"] button, [data-testid="choose-again"]')?.focus();
      return;
    }
    const details = {
      competitionId: entry.competitionId,
      customerName: entry.customerName,
      customerEmail: entry.customerEmail,
      answer: entry.answer || null,
      tickets: entry.tickets,
      ...(entry.numbers ? { numbers: entry.numbers } : {}),
      // Site credit that pays the whole order needs no card, so no card's billing address either.
      ...(needsCard ? { billing: { address: values.address, city: values.city, postcode: values.postcode } } : {}),
      ...(credit.creditPence > 0 ? { useCredit: true } : {}),
      ...discount?.field,
    };
    // The schema's own rules (one number per ticket among them), with a stand-in for the token the card form makes next.
    const parsed = directCheckoutInput.safeParse({ ...details, paymentToken: "card-token" });
    const found = { ...(needsCard ? method.check() : {}), ...(parsed.success ? {} : nestedFieldErrors(parsed.error)) };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      if (Object.keys(found).some((k) => !(k in values))) toast.error("Payment Failed", Object.values(found)[0]);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (taken.state?.lost.length === 0) taken.clear();
    await payment.submit(details, needsCard ? method.token : null);
  };

  // The order is placed and its provider's own form takes the card (Cashflows): it replaces this form.
  if (method.panel) return method.panel;

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={checkout.isPending}>
      <Card className="flex flex-col gap-6">
        {discount ? <DiscountCodeField discount={discount} disabled={checkout.isPending} /> : null}
        <SiteCreditOption credit={credit} disabled={checkout.isPending} />
        {needsCard ? (
          <section>
            <h2 className="mb-4 text-xl font-bold">Payment Details</h2>
            <fieldset disabled={checkout.isPending} className="min-w-0">
              {method.fields}
            </fieldset>
          </section>
        ) : null}
        {needsCard ? (
          <section>
            <h2 className="mb-4 text-xl font-bold">Billing Details</h2>
            <fieldset disabled={checkout.isPending} className="flex min-w-0 flex-col gap-4">
              <TextField label="Billing Address" autoComplete="street-address" required {...field("address")} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="City" autoComplete="address-level2" required {...field("city")} />
                <TextField label="Postcode" autoComplete="postal-code" required {...field("postcode")} />
              </div>
            </fieldset>
          </section>
        ) : null}
        <DirectNumbers entry={entry} taken={taken} />
        <PaymentProcessing state={payment.processing} />
        <PayButton
          placing={checkout.isPending}
          waiting={payment.processing === "waiting" || payment.processing === "authenticating"}
          disabled={needsCard && !method.ready}
          label={needsCard ? `Pay ${formatPounds(credit.cardPence)}` : `Pay ${formatPounds(totalPence)} with site credit`}
        />
        {needsCard ? method.descriptor : null}
      </Card>
    </form>
  );
}
