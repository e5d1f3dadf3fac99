import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { decimalToPence, formatPounds, penceToDecimal } from "../../../shared/money";
import { priceLine, tiersFromView, unitPricePence } from "../../../shared/pricing";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { MAX_TICKETS, MIN_TICKETS, TOO_MANY_TICKETS, ticketsProblem } from "../../../shared/ticket-limits";
import { useAuth } from "../../hooks/use-auth";
import { useCart } from "../../hooks/use-cart";
import { useFormFields, useTypedBeforeHydration } from "../../hooks/use-form-fields";
import { useHydrating } from "../../lib/render-context";
import { INCORRECT_ANSWER } from "../../lib/checkout-errors";
import { fieldErrorsFrom, focusFirstInvalid } from "../../lib/form-errors";
import { readPendingEntry, savePendingEntry, type PendingEntry } from "../../lib/pending-entry";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../ui/button";
import { CartIcon } from "../ui/icons";
import { TextField } from "../ui/text-field";
import { EntryTotal } from "./entry-total";
import { MultibuyTiers } from "./multibuy-tiers";
import { NumberPicker } from "./number-picker";
import { QuantityField } from "./quantity-field";
import { useChosenNumbers } from "./use-chosen-numbers";

/** The most tickets this form may ask for: the spec's 100, fewer when fewer are left or allowed. */
function ticketLimit(c: PublicCompetition): number {
  return Math.max(MIN_TICKETS, Math.min(MAX_TICKETS, c.remainingTickets ?? MAX_TICKETS, c.maxTicketsPerPerson ?? MAX_TICKETS));
}

/** What to say, as it is typed, about more entries than this order may have: the schema's own words at 100. */
function overLimitMessage(count: number, limit: number): string | null {
  if (!(count > limit)) return null;
  return limit < MAX_TICKETS ? `You can choose at most ${limit} entries` : TOO_MANY_TICKETS;
}

/**
 * The form's schema (and zod with it), loaded when the form is first used rather than with the page:
 * a competition page is read far more often than it is filled in, and on a slow phone building the
 * schemas is a long task while the page hydrates.
 */
const loadSchema = () => import("../../../shared/schemas/entry").then((m) => m.entryForm);

/** The entry a buyer sent back from checkout to choose numbers again ("Choose again on the competition page"). */
function returningEntry(c: PublicCompetition): PendingEntry | null {
  if (!c.pickNumbers) return null;
  const read = readPendingEntry();
  return read.kind === "ok" && read.entry.competitionId === c.id && read.entry.numbers ? read.entry : null;
}

/** SPEC §5 entry form: details, the qualifying answer and a number of entries (multibuy prices, chosen numbers), then on to payment. */
export function EntryForm({ competition }: { competition: PublicCompetition }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { addItem } = useCart();
  const formRef = useRef<HTMLFormElement>(null);
  const luckyDipRef = useRef<HTMLButtonElement>(null);
  // Set while the form's schema is on its way, so a second click meanwhile does not submit twice.
  const submitting = useRef(false);
  const [returning] = useState(() => returningEntry(competition));
  const { values, setValues, errors, setErrors, field } = useFormFields({
    customerName: returning?.customerName ?? "",
    customerEmail: returning?.customerEmail ?? "",
    answer: returning?.answer ?? "",
    tickets: String(returning?.tickets ?? 1),
    discountCode: returning?.discountCode ?? "",
  });
  useTypedBeforeHydration(formRef, setValues);
  // Until the page's code has taken the form over, its buttons wait: sent by the browser itself, the form
  // would put the visitor's details in the address and reload the page.
  const hydrating = useHydrating();
  const [numbersError, setNumbersError] = useState<string | null>(null);
  const checkAnswer = useMutation(trpc.public.competitions.checkAnswer.mutationOptions());
  const question = competition.qualifyingQuestion?.trim() || null;
  const limit = ticketLimit(competition);
  const basePence = decimalToPence(competition.price) ?? 0;
  const tiers = useMemo(() => tiersFromView(competition.priceTiers) ?? [], [competition.priceTiers]);
  // Read as the schema reads it, so the total and the limit message agree with what submitting says.
  const count = Number(values.tickets);
  const overLimit = overLimitMessage(count, limit);
  const line = Number.isInteger(count) && count >= MIN_TICKETS && count <= limit ? priceLine(basePence, tiers, count) : null;
  const unitPence = line?.unitPence ?? unitPricePence(basePence, tiers, 1);

  const setTickets = (tickets: string) => {
    setValues((prev) => ({ ...prev, tickets }));
    setErrors((prev) => ({ ...prev, tickets: undefined }));
    setNumbersError(null);
  };
  const picks = useChosenNumbers(returning?.numbers ?? [], Number.isInteger(count) && count >= 1 ? count : 0, limit, (q) => setTickets(String(q)));

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
    if (checkAnswer.isPending || submitting.current) return;
    submitting.current = true;
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      toast.error("Something went wrong", "This page could not finish loading. Please check your connection and try again.");
      return;
    } finally {
      submitting.current = false;
    }
    const { discountCode, ...form } = values;
    const parsed = schema.safeParse(form);
    const found = parsed.success ? {} : fieldErrorsFrom<keyof typeof values>(parsed.error);
    if (question && !values.answer.trim()) found.answer ??= "Please answer the qualifying question";
    if (overLimit) found.tickets = overLimit;
    const numbersProblem = competition.pickNumbers && !found.tickets ? (picks.excess ?? picks.shortfall) : null;
    if (!parsed.success || Object.keys(found).length > 0 || numbersProblem) {
      setErrors(found);
      setNumbersError(numbersProblem);
      if (Object.keys(found).length > 0) focusFirstInvalid(formRef.current);
      else requestAnimationFrame(() => luckyDipRef.current?.focus());
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
    // Priced as the server will charge it, with what checkout needs to price it the same way.
    const priced = priceLine(basePence, tiers, tickets);
    const saved = savePendingEntry({
      competitionId: competition.id,
      competitionTitle: competition.title,
      competitionImage: competition.image,
      customerName,
      customerEmail,
      answer,
      tickets,
      pricePerEntry: penceToDecimal(priced.unitPence),
      totalAmount: penceToDecimal(priced.totalPence),
      basePrice: penceToDecimal(basePence),
      priceTiers: competition.priceTiers,
      ...(competition.pickNumbers ? { numbers: picks.chosen } : {}),
      // Priced (and explained, when it gives nothing) at checkout, before anything is paid.
      ...(discountCode.trim() ? { discountCode: discountCode.trim().toUpperCase().slice(0, 32) } : {}),
    });
    if (!saved) {
      toast.error("Something went wrong", "Your browser blocked this step. Please allow site storage and try again.");
      return;
    }
    navigate("/checkout/direct");
  };

  const addToCart = () => {
    // As many tickets as the form says, refused as Enter Now refuses them when that is not a number it may take.
    const problem = overLimit ?? ticketsProblem(values.tickets);
    const numbersProblem = competition.pickNumbers && !problem ? picks.excess : null;
    if (problem || numbersProblem) {
      setErrors((prev) => ({ ...prev, tickets: problem ?? undefined }));
      setNumbersError(numbersProblem);
      if (problem) focusFirstInvalid(formRef.current);
      else requestAnimationFrame(() => luckyDipRef.current?.focus());
      return;
    }
    // The answer typed here travels with the cart line, so checkout does not ask for it again; so do chosen numbers.
    const answer = question ? values.answer.trim() : "";
    const numbers = competition.pickNumbers ? picks.chosen : [];
    addItem({
      competitionId: competition.id,
      title: competition.title,
      image: competition.image,
      price: competition.price,
      quantity: count,
      ...(answer ? { answer } : {}),
      ...(competition.priceTiers.length > 0 ? { priceTiers: competition.priceTiers } : {}),
      ...(numbers.length > 0 ? { numbers } : {}),
    });
    const tickets = count === 1 ? "1 entry" : `${count} entries`;
    const picked = numbers.length > 0 ? ` with ${numbers.length === 1 ? "number" : "numbers"} ${numbers.map((n) => `#${n}`).join(", ")}` : "";
    const random = numbers.length > 0 && count > numbers.length ? ` (${count - numbers.length} more drawn at random)` : "";
    toast.success("Added to Cart", `${tickets} for ${competition.title} added to your cart${picked}${random}.`);
  };

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadSchema()} noValidate className="flex flex-col gap-4">
      <TextField label="Full Name" autoComplete="name" required {...field("customerName")} />
      <TextField label="Email Address" type="email" autoComplete="email" required {...field("customerEmail")} />
      {question ? <TextField label={question} autoComplete="off" required hint="Answer correctly to enter." {...field("answer")} /> : null}
      <MultibuyTiers basePence={basePence} tiers={tiers} limit={limit} count={line ? count : 0} onPick={(q) => setTickets(String(q))} />
      <QuantityField
        label="Number of Entries"
        value={values.tickets}
        onChange={setTickets}
        min={MIN_TICKETS}
        max={limit}
        error={errors.tickets ?? overLimit ?? undefined}
        hint={`${formatPounds(unitPence)} per entry · up to ${limit} per order`}
      />
      {competition.pickNumbers && competition.maxTickets !== null ? (
        <NumberPicker
          competitionId={competition.id}
          maxTickets={competition.maxTickets}
          chosen={picks.chosen}
          missing={line ? picks.missing : 0}
          onToggle={(n) => {
            setNumbersError(null);
            picks.toggle(n);
          }}
          onLuckyDip={(numbers) => {
            setNumbersError(null);
            picks.addDipped(numbers);
          }}
          onTaken={picks.dropTaken}
          error={numbersError ?? picks.excess ?? undefined}
          notice={picks.notice}
          luckyDipRef={luckyDipRef}
        />
      ) : null}
      <TextField
        label="Discount Code"
        optional
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        hint="Applied at checkout."
        {...field("discountCode")}
      />
      {/* Over the limit there is no total to show: the field says how many may be bought instead. */}
      {overLimit ? null : <EntryTotal line={line} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="submit" variant="accent" size="lg" pending={checkAnswer.isPending} disabled={hydrating}>
          Enter Now
        </Button>
        <Button type="button" variant="secondary" size="lg" onClick={addToCart} disabled={hydrating}>
          <CartIcon className="size-5" />
          Add to Cart
        </Button>
      </div>
    </form>
  );
}
