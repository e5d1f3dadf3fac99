import { Link } from "react-router-dom";
import type { OrderResult } from "../../../shared/schemas/entry";
import { TicketChips } from "../competition/ticket-chips";
import { FirstPurchaseInvite } from "../protection/first-purchase-invite";
import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { CheckCircleIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { InstantWinBanner } from "./instant-win-banner";
import { LineSaving } from "./line-saving";
import { CreditPaid, DiscountPaid } from "./payment-success";

/** After a paid cart order: every line's ticket numbers and the way to the account. */
export function OrderConfirmation({ result }: { result: OrderResult }) {
  return (
    <Container className="py-12 sm:py-16">
      <title>Order Confirmed | Harvest Draws</title>
      <Card className="mx-auto flex max-w-2xl flex-col items-center text-center sm:p-8">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-field-100 text-field-700">
          <CheckCircleIcon className="size-9" />
        </span>
        <h1 className="mt-4 text-3xl font-bold">Order Confirmed</h1>
        <p className="mt-2 text-stone-700">
          Thank you! You paid £{result.amount}. A confirmation is on its way to your inbox. Order reference{" "}
          <span className="font-mono text-sm font-semibold">{result.reference}</span>
        </p>
        <DiscountPaid result={result} />
        <CreditPaid result={result} />
        <InstantWinBanner wins={result.instantWins} />
        <ul className="mt-6 flex w-full flex-col gap-3 text-left">
          {result.lines.map((line) => (
            <li key={line.entryId} className="rounded-xl bg-cream-100 p-4">
              <div className="flex items-baseline justify-between gap-3">
                <Link to={`/competition/${line.competitionId}`} className="font-semibold text-stone-900 hover:underline">
                  {line.competitionTitle}
                </Link>
                <span className="shrink-0 text-sm font-semibold tabular-nums text-field-800">£{line.amount}</span>
              </div>
              <p className="mb-2 mt-1 text-sm text-stone-600">
                {line.ticketNumbers.length} {line.ticketNumbers.length === 1 ? "ticket" : "tickets"}
              </p>
              <LineSaving line={line} className="-mt-1 mb-2 text-sm text-stone-700" />
              <TicketChips numbers={line.ticketNumbers} label={`Ticket numbers for ${line.competitionTitle}`} />
            </li>
          ))}
        </ul>
        <FirstPurchaseInvite result={result} />
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/account">View My Entries</ButtonLink>
          <ButtonLink to="/competitions" variant="secondary">
            Browse Competitions
          </ButtonLink>
        </div>
      </Card>
    </Container>
  );
}
