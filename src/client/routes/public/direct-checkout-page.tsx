import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router-dom";
import type { OrderResult } from "../../../shared/schemas/entry";
import { DirectOrderSummary } from "../../components/checkout/direct-order-summary";
import { DirectPaymentForm } from "../../components/checkout/direct-payment-form";
import { useDiscountCode } from "../../components/checkout/use-discount-code";
import { paymentSuccessToast, usePaidOrderRefresh } from "../../components/checkout/paid-order";
import { PaymentGate } from "../../components/checkout/payment-gate";
import { PaymentSuccess } from "../../components/checkout/payment-success";
import { PlayResponsibly } from "../../components/checkout/play-responsibly";
import { ArrowLeftIcon } from "../../components/ui/icons";
import { Container, PageHeader } from "../../components/ui/page-header";
import { clearPendingEntry, readPendingEntry, type PendingEntry } from "../../lib/pending-entry";
import { toast } from "../../lib/toast";

const REDIRECT_AFTER_SUCCESS_MS = 3000;

function useInvalidEntryRedirect(invalid: boolean) {
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (!invalid || handled.current) return;
    handled.current = true;
    clearPendingEntry();
    toast.error("Invalid entry data. Please try again.");
    navigate("/competitions", { replace: true });
  }, [invalid, navigate]);
}

function Checkout({ entry, onPaid }: { entry: PendingEntry; onPaid: (result: OrderResult) => void }) {
  // A discount code (typed on the entry form, or here), priced by the server: the summary shows it, the order sends it.
  const discount = useDiscountCode([{ competitionId: entry.competitionId, quantity: entry.tickets }], entry.discountCode ?? "");
  return (
    <Container className="py-8 sm:py-12">
      <title>Secure Checkout | Harvest Draws</title>
      <Link
        to={`/competition/${entry.competitionId}`}
        className="-ml-1 mb-4 inline-flex min-h-11 items-center gap-2 rounded-md px-1 font-semibold text-field-700 hover:text-field-900"
      >
        <ArrowLeftIcon className="size-4" />
        Back to Competition
      </Link>
      <PageHeader title="Secure Checkout" lead="Check your entry, then pay." />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
        <div className="flex min-w-0 flex-col gap-4 lg:order-last">
          <DirectOrderSummary entry={entry} discount={discount.applied ? { code: discount.applied.code, pence: discount.discountPence } : null} />
          <PlayResponsibly />
        </div>
        <div className="min-w-0">
          <PaymentGate saved="Your entry, answer and number of tickets are saved on this device.">
            <DirectPaymentForm entry={entry} onPaid={onPaid} discount={discount} />
          </PaymentGate>
        </div>
      </div>
    </Container>
  );
}

/** /checkout/direct (SPEC §2, §4): pay for the entry the competition page stored in session storage. */
export function DirectCheckoutPage() {
  const navigate = useNavigate();
  const refreshAfterPaid = usePaidOrderRefresh();
  const [pending] = useState(readPendingEntry);
  const [result, setResult] = useState<OrderResult | null>(null);
  useInvalidEntryRedirect(pending.kind === "invalid");

  useEffect(() => {
    // A buyer who won instantly stays to see it.
    if (!result || result.instantWins.length > 0) return;
    const timer = window.setTimeout(() => navigate("/account"), REDIRECT_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [result, navigate]);

  const onPaid = (order: OrderResult) => {
    clearPendingEntry();
    refreshAfterPaid();
    paymentSuccessToast(order);
    setResult(order);
    window.scrollTo({ top: 0 });
  };

  if (result) return <PaymentSuccess result={result} />;
  if (pending.kind === "none") return <Navigate to="/competitions" replace />;
  if (pending.kind === "invalid") return null;
  return <Checkout entry={pending.entry} onPaid={onPaid} />;
}
