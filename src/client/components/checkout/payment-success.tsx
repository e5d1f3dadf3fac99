import { useNavigate } from "react-router-dom";
import { decimalToPence, formatPounds, paymentSplit } from "../../../shared/money";
import type { OrderResult } from "../../../shared/schemas/entry";
import { TicketChips } from "../competition/ticket-chips";
import { FirstPurchaseInvite } from "../protection/first-purchase-invite";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CheckCircleIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { InstantWinBanner } from "./instant-win-banner";
import { LineSaving } from "./line-saving";

/** On a paid order's receipt, when a discount code took something off: "Discount (SPRING10) −£2.00" (the amount paid is after it). */
export function DiscountPaid({ result }: { result: Pick<OrderResult, "discount" | "discountCode"> }) {
  const pence = decimalToPence(result.discount) ?? 0;
  if (pence <= 0) return null;
  return (
    <p className="mt-2 text-sm text-field-700" data-testid="receipt-discount">
      Discount{result.discountCode ? ` (${result.discountCode})` : ""}: <span className="font-semibold tabular-nums">−{formatPounds(pence)}</span>
    </p>
  );
}

/** On a paid order's receipt, when site credit paid part or all of it: "Site credit used −£3.00", then "Paid by card £2.00" or "Paid with site credit". */
export function CreditPaid({ result }: { result: OrderResult }) {
  const { creditPence: credit, cardPence: card } = paymentSplit(result.amount, result.creditUsed);
  if (credit <= 0) return null;
  return (
    <dl className="mt-4 flex w-full flex-col gap-1 rounded-xl border border-cream-200 px-4 py-3 text-left text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-stone-600">Site credit used</dt>
        <dd className="tabular-nums text-stone-900">−{formatPounds(credit)}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        {card > 0 ? (
          <>
            <dt className="text-stone-600">Paid by card</dt>
            <dd className="tabular-nums text-stone-900">{formatPounds(card)}</dd>
          </>
        ) : (
          <>
            <dt className="text-stone-600">Paid with</dt>
            <dd className="text-stone-900">Site credit</dd>
          </>
        )}
      </div>
    </dl>
  );
}

/** Shown after a paid direct checkout, before the automatic move to /account. */
export function PaymentSuccess({ result }: { result: OrderResult }) {
  const navigate = useNavigate();
  return (
    <Container className="py-12 sm:py-16">
      <title>Payment Successful! | Harvest Draws</title>
      <Card className="mx-auto flex max-w-xl flex-col items-center text-center sm:p-8">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-field-100 text-field-700">
          <CheckCircleIcon className="size-9" />
        </span>
        <h1 className="mt-4 text-3xl font-bold">Payment Successful!</h1>
        <p className="mt-2 text-stone-700">
          You paid £{result.amount}. Good luck in the draw! Order reference <span className="font-mono text-sm font-semibold">{result.reference}</span>
        </p>
        <DiscountPaid result={result} />
        <CreditPaid result={result} />
        <InstantWinBanner wins={result.instantWins} />
        {result.lines.map((line) => (
          <div key={line.entryId} className="mt-5 w-full rounded-xl bg-cream-100 p-4 text-left">
            <p className="font-semibold text-stone-900">{line.competitionTitle}</p>
            <LineSaving line={line} />
            <p className="mb-2 text-sm text-stone-600">Your ticket numbers</p>
            <TicketChips numbers={line.ticketNumbers} />
          </div>
        ))}
        <FirstPurchaseInvite result={result} />
        <Button className="mt-6" onClick={() => navigate("/account")}>
          View My Entries
        </Button>
        {result.instantWins.length === 0 ? (
          <p className="mt-3 text-sm text-stone-600" role="status">
            Taking you to your entries in a moment...
          </p>
        ) : null}
      </Card>
    </Container>
  );
}
