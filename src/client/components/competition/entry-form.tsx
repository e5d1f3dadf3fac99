import { useEffect, useRef, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { decimalToPence, formatPounds, formatPrice, penceToDecimal } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { entryForm, MAX_TICKETS, MIN_TICKETS } from "../../../shared/schemas/entry";
import { useAuth } from "../../hooks/use-auth";
import { useCart } from "../../hooks/use-cart";
import { useFormFields } from "../../hooks/use-form-fields";
import { INCORRECT_ANSWER } from "../../lib/checkout-errors";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { savePendingEntry } from "../../lib/pending-entry";
import { toast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { Button } from "../ui/button";
import { CartIcon } from "../ui/icons";
import { TextField } from "../ui/text-field";
import { QuantityField } from "./quantity-field";

/** The most tickets this form may ask for: the spec's 100, fewer when fewer are left or allowed. */
function ticketLimit(c: PublicCompetition): number {
  return Math.max(MIN_TICKETS, Math.min(MAX_TICKETS, c.remainingTickets ?? MAX_TICKETS, c.maxTicketsPerPerson ?? MAX_TICKETS));
}

/** What to say, as it is typed, about more entries than this order may have: the schema's own words at 100. */
function overLimitMessage(count: number, limit: number): string | null {
  if (!(count > limit)) return null;
  if (limit < MAX_TICKETS) return `You can choose at most ${limit} entries`;
  return entryForm.shape.tickets.safeParse(count).error?.issues[0]?.message ?? `At most ${MAX_TICKETS} entries per order`;
}

/** SPEC §5 entry form: details, the qualifying answer and a number of entries, then on to payment. */
export function EntryForm({ competition }: { competition: PublicCompetition }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { addItem } = useCart();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, setValues, errors, setErrors, field } = useFormFields({ customerName: "", customerEmail: "", answer: "", tickets: "1" });
  const checkAnswer = trpc.public.competitions.checkAnswer.useMutation();
  const question = competition.qualifyingQuestion?.trim() || null;
  const limit = ticketLimit(competition);
  const pricePence = decimalToPence(competition.price) ?? 0;
  // Read as the schema reads it, so the total and the limit message agree with what submitting says.
  const count = Number(values.tickets);
  const overLimit = overLimitMessage(count, limit);
  const totalPence = Number.isInteger(count) && count >= MIN_TICKETS && count <= limit ? pricePence * count : 0;

  // Fill in the signed-in customer's name and email, without overwriting anything typed already.
  useEffect(() => {
    if (!user) return;
    setValues((prev) => ({
      ...prev,
      customerName: prev.customerName || `${user.firstName} ${user.lastName}`.trim(),
      customerEmail: prev.customerEmail || user.email,
    }));
  }, [user, setValues]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (checkAnswer.isPending) return;
    const parsed = entryForm.safeParse(values);
    const found = parsed.success ? {} : fieldErrorsFrom<keyof typeof values>(parsed.error);
    if (question && !values.answer.trim()) found.answer ??= "Please answer the qualifying question";
    if (overLimit) found.tickets = overLimit;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    const { customerName, customerEmail, tickets } = parsed.data;
    const answer = parsed.data.answer ?? "";

    let correct: boolean;
    try {
      correct = (await checkAnswer.mutateAsync({ competitionId: competition.id, answer: question ? answer : null })).correct;
    } catch {
      toast.error("Something went wrong", "We couldn't check your answer. Please try again.");
      return;
    }
    if (!correct) {
      toast.error(INCORRECT_ANSWER.title, INCORRECT_ANSWER.description);
      return;
    }
    const saved = savePendingEntry({
      competitionId: competition.id,
      competitionTitle: competition.title,
      competitionImage: competition.image,
      customerName,
      customerEmail,
      answer,
      tickets,
      pricePerEntry: penceToDecimal(pricePence),
      totalAmount: penceToDecimal(pricePence * tickets),
    });
    if (!saved) {
      toast.error("Something went wrong", "Your browser blocked this step. Please allow site storage and try again.");
      return;
    }
    navigate("/checkout/direct");
  };

  const addToCart = () => {
    // The answer typed here travels with the cart line, so checkout does not ask for it again.
    const answer = question ? values.answer.trim() : "";
    addItem({ competitionId: competition.id, title: competition.title, image: competition.image, price: competition.price, ...(answer ? { answer } : {}) });
    toast.success("Added to Cart", `${competition.title} has been added to your cart.`);
  };

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
      <TextField label="Full Name" autoComplete="name" required {...field("customerName")} />
      <TextField label="Email Address" type="email" autoComplete="email" required {...field("customerEmail")} />
      {question ? <TextField label={question} autoComplete="off" required hint="Answer correctly to enter." {...field("answer")} /> : null}
      <QuantityField
        label="Number of Entries"
        value={values.tickets}
        onChange={(tickets) => {
          setValues((prev) => ({ ...prev, tickets }));
          setErrors((prev) => ({ ...prev, tickets: undefined }));
        }}
        min={MIN_TICKETS}
        max={limit}
        error={errors.tickets ?? overLimit ?? undefined}
        hint={`${formatPrice(competition.price)} per entry · up to ${limit} per order`}
      />
      {/* Over the limit there is no total to show: the field says how many may be bought instead. */}
      {overLimit ? null : (
        <div className="flex items-center justify-between rounded-xl bg-cream-100 px-4 py-3">
          <span className="font-semibold text-stone-800">Total</span>
          <span className="text-2xl font-bold tabular-nums text-field-900" aria-live="polite" data-testid="entry-total">
            {formatPounds(totalPence)}
          </span>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="submit" variant="accent" size="lg" pending={checkAnswer.isPending}>
          Enter Now
        </Button>
        <Button type="button" variant="secondary" size="lg" onClick={addToCart}>
          <CartIcon className="size-5" />
          Add to Cart
        </Button>
      </div>
    </form>
  );
}
