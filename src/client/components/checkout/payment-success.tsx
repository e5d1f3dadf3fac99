import { useNavigate } from "react-router-dom";
import type { OrderResult } from "../../../shared/schemas/entry";
import { TicketChips } from "../competition/ticket-chips";
import { FirstPurchaseInvite } from "../protection/first-purchase-invite";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CheckCircleIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { InstantWinBanner } from "./instant-win-banner";
import { LineSaving } from "./line-saving";

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
          You paid £{result.amount}. Good luck in the draw! Order reference <span className="font-mono text-sm">{result.orderId}</span>
        </p>
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
