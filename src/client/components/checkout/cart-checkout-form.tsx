import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { formatPounds } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { cartCheckoutInput, type OrderResult } from "../../../shared/schemas/entry";
import { useCheckoutSubmit } from "../../hooks/use-checkout-submit";
import { useCart } from "../../hooks/use-cart";
import { useFormFields } from "../../hooks/use-form-fields";
import { nestedFieldErrors, type NumbersTaken } from "../../lib/checkout-errors";
import { focusFirstInvalid } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { REFRESH } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { CountryOptions, COUNTRY_LIST_ID } from "../auth/country-options";
import { Card } from "../ui/card";
import { TextField } from "../ui/text-field";
import type { CartItem } from "../cart/cart-items";
import { AnswerFields } from "./answer-fields";
import { CartNumbersTaken } from "./cart-numbers-taken";
import { PayButton } from "./pay-button";
import { PaymentProcessing } from "./payment-processing";
import { usePaymentMethod } from "./payment-method";
import { useCartAnswers } from "./use-cart-answers";
import { useCheckoutFailure } from "./use-checkout-failure";
import { useFillNumbers } from "./use-fill-numbers";
import { useNumbersTaken } from "./use-numbers-taken";
import { useProfileBilling } from "./use-profile-billing";
import { DiscountCodeField } from "./discount-code-field";
import { appErrorCode } from "../../lib/trpc-errors";
import { SiteCreditOption } from "./site-credit-option";
import type { DiscountCode } from "./use-discount-code";
import { useSiteCredit } from "./use-site-credit";

const PAYMENT_FAILED = "There was an error processing your payment. Please try again.";

const INITIAL = {
  email: "",
  firstName: "",
  lastName: "",
  address: "",
  city: "",
  postcode: "",
  country: "United Kingdom",
  nameOnCard: "",
  cardNumber: "",
  expiryDate: "",
  cvv: "",
};

/** Not labelled by its heading: "Billing Address" would then also match the "Address" field's label. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <section>
        <h2 className="mb-4 text-xl font-bold">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

interface CartCheckoutFormProps {
  competitions: Map<string, PublicCompetition>;
  ready: boolean;
  onPaid: (result: OrderResult) => void;
  /** Told when the order is placed and its provider's own form takes the card (the cart is then the order's: not to be edited). */
  onPaying?: (paying: boolean) => void;
  /** The cart's discount code (the page's, so the summary shows it too); no code box when absent. */
  discount?: DiscountCode;
}

/** A line's chosen numbers when there is one per ticket; otherwise its numbers are drawn at random. */
const fullNumbers = (i: CartItem) => (i.numbers && i.numbers.length === i.quantity ? { numbers: i.numbers } : {});

/**
 * Contact, billing and card details for the whole cart, plus each competition's qualifying answer.
 * Lines with chosen numbers send them; a line that lost some to another buyer gets free ones nearby
 * or, when paying, random free ones in their place.
 */
export function CartCheckoutForm({ competitions, ready, onPaid, onPaying, discount }: CartCheckoutFormProps) {
  const trpc = useTRPC();
  const { items, totalPence, setNumbers } = useCart();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, setErrors, field } = useFormFields(INITIAL);
  const answers = useCartAnswers(items, competitions);
  const user = useProfileBilling(setValues);
  // What the order costs after the discount code: site credit and the card pay that.
  const orderPence = totalPence - (discount?.discountPence ?? 0);
  const credit = useSiteCredit(orderPence);
  const needsCard = credit.cardPence > 0;
  const method = usePaymentMethod({
    field,
    values,
    showErrors: (found) => setErrors((prev) => ({ ...prev, ...found })),
    amountPence: credit.cardPence,
  });
  const checkout = useMutation(trpc.public.entries.checkoutCart.mutationOptions({ meta: REFRESH.checkout }));
  const taken = useNumbersTaken();
  const [takenFrom, setTakenFrom] = useState<string | null>(null);
  const { report } = taken;
  const onNumbersTaken = useCallback(
    (lost: NumbersTaken, message: string) => {
      // The server stops at the first line whose numbers it cannot take: the first holding every lost number.
      const line = items.find((i) => lost.lost.every((n) => i.numbers?.includes(n)));
      if (line)
        setNumbers(
          line.competitionId,
          (line.numbers ?? []).filter((n) => !lost.lost.includes(n)),
        );
      setTakenFrom(line?.competitionId ?? null);
      report(lost, message);
    },
    [items, setNumbers, report],
  );
  const fillNumbers = useFillNumbers();
  const filling = useRef(false);
  const explainFailure = useCheckoutFailure(PAYMENT_FAILED, onNumbersTaken);
  const onRefused = (error: unknown) => {
    credit.refresh();
    if (discount && appErrorCode(error) === "DISCOUNT_NOT_APPLICABLE") {
      // The code stopped applying since it was priced (used up meanwhile, say): shown at the box, the order not paid.
      discount.refused((error as Error).message);
      return true;
    }
    const failure = explainFailure(error);
    if (failure.code === "WRONG_ANSWER" && answers.markWrong(failure.competitionId)) focusFirstInvalid(formRef.current);
    return failure.definitive;
  };
  const payment = useCheckoutSubmit(checkout.mutateAsync, onRefused, onPaid, method.authenticate);

  const hasQuestions = items.some((i) => competitions.get(i.competitionId)?.qualifyingQuestion?.trim());

  // The signed-in customer's contact details, without overwriting anything typed already.
  useEffect(() => {
    if (!user) return;
    setValues((prev) => ({
      ...prev,
      email: prev.email || user.email,
      firstName: prev.firstName || user.firstName,
      lastName: prev.lastName || user.lastName,
      country: user.country && prev.country === "United Kingdom" ? user.country : prev.country,
    }));
  }, [user, setValues]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (payment.busy() || filling.current || !ready) return;
    const { email, firstName, lastName, address, city, postcode, country } = values;
    const details = {
      email,
      firstName,
      lastName,
      lines: items.map((i) => ({
        competitionId: i.competitionId,
        quantity: i.quantity,
        answer: answers.answers[i.competitionId]?.trim() || null,
        ...fullNumbers(i),
      })),
      // Site credit that pays the whole order needs no card, so no card's billing address either.
      ...(needsCard ? { billing: { address, city, postcode, country } } : {}),
      ...(credit.creditPence > 0 ? { useCredit: true } : {}),
      ...discount?.field,
    };
    const parsed = cartCheckoutInput.omit({ paymentToken: true }).safeParse(details);
    const answered = answers.markMissing();
    const all: Record<string, string> = { ...(needsCard ? method.check() : {}), ...(parsed.success ? {} : nestedFieldErrors(parsed.error)) };
    const { quantity, answer: _answer, ...found } = all;
    if (needsCard && !country.trim()) found.country = "Country is required";
    if (!parsed.success || Object.keys(found).length > 0 || !answered) {
      setErrors(found);
      if (quantity) toast.error("Please check your order", quantity);
      focusFirstInvalid(formRef.current);
      return;
    }
    filling.current = true;
    try {
      details.lines = await withFilledNumbers(details.lines);
    } catch {
      toast.error("Payment Failed", "We couldn't check which numbers are free. Please try again.");
      return;
    } finally {
      filling.current = false;
    }
    taken.clear();
    await payment.submit(details, needsCard ? method.token : null);
  };

  /** Lines that lost chosen numbers get random free ones in their place, kept on the cart line so a retry sends the same order. */
  const withFilledNumbers = async <L extends { competitionId: string }>(lines: L[]) =>
    Promise.all(
      lines.map(async (l) => {
        const item = items.find((i) => i.competitionId === l.competitionId);
        const max = competitions.get(l.competitionId)?.maxTickets;
        if (!item?.numbers?.length || item.numbers.length >= item.quantity || !max) return l;
        const filled = await fillNumbers(item, max);
        // Nearly sold out, too few free numbers: the server draws the whole line at random.
        const numbers = filled.length === item.quantity ? filled : [];
        setNumbers(item.competitionId, numbers);
        return numbers.length > 0 ? { ...l, numbers } : l;
      }),
    );

  // The order is placed and its provider's own form takes the card (Cashflows): it replaces this form.
  if (method.panel) return <PayingPanel onPaying={onPaying}>{method.panel}</PayingPanel>;

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={checkout.isPending}>
      <fieldset disabled={checkout.isPending} className="flex min-w-0 flex-col gap-6">
        {hasQuestions ? (
          <Section title="Qualifying Questions">
            <AnswerFields items={items} competitions={competitions} answers={answers.answers} errors={answers.errors} onChange={answers.change} />
          </Section>
        ) : null}
        <Section title="Contact Information">
          <div className="flex flex-col gap-4">
            <TextField label="Email Address" type="email" autoComplete="email" required {...field("email")} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First Name" autoComplete="given-name" required {...field("firstName")} />
              <TextField label="Last Name" autoComplete="family-name" required {...field("lastName")} />
            </div>
          </div>
        </Section>
        {needsCard ? (
          <Section title="Billing Address">
            <div className="flex flex-col gap-4">
              <TextField label="Address" autoComplete="street-address" required {...field("address")} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="City" autoComplete="address-level2" required {...field("city")} />
                <TextField label="Postcode" autoComplete="postal-code" required {...field("postcode")} />
              </div>
              <TextField label="Country" autoComplete="country-name" list={COUNTRY_LIST_ID} required {...field("country")} />
              <CountryOptions />
            </div>
          </Section>
        ) : null}
        {discount ? <DiscountCodeField discount={discount} /> : null}
        <SiteCreditOption credit={credit} />
        {needsCard ? <Section title="Payment Details">{method.fields}</Section> : null}
        <CartNumbersTaken competitionId={takenFrom} taken={taken} />
        <PaymentProcessing state={payment.processing} />
        <PayButton
          placing={checkout.isPending}
          waiting={payment.processing === "waiting" || payment.processing === "authenticating"}
          disabled={!ready || (needsCard && !method.ready)}
          label={needsCard ? `Complete Order - ${formatPounds(credit.cardPence)}` : `Complete Order - ${formatPounds(orderPence)} with site credit`}
        />
        {needsCard ? method.descriptor : null}
      </fieldset>
    </form>
  );
}

/** While the placed order's card form is shown, the page knows the cart is that order's. */
function PayingPanel({ onPaying, children }: { onPaying?: (paying: boolean) => void; children: ReactNode }) {
  useEffect(() => {
    onPaying?.(true);
    return () => onPaying?.(false);
  }, [onPaying]);
  return children;
}
