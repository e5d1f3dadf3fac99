import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { decimalToPence, formatPounds, formatPrice } from "../../../../shared/money";
import { shortDateTime } from "../../../lib/dates";
import { shortOrderNumber } from "../../../lib/order-status";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { OrderStatusBadge } from "../../ui/order-status-badge";
import { RefundLine } from "../../ui/refund-line";
import { failureToast } from "../ui/admin-toasts";
import type { CustomerOrder } from "./customer-types";
import { Nothing, RecordSection } from "./section";

/** "incl. £3.00 site credit" beside the total of an order site credit paid part or all of (not a failed one: its credit went back). */
function CreditUsed({ order }: { order: CustomerOrder }) {
  const credit = decimalToPence(order.creditUsed) ?? 0;
  if (credit <= 0 || order.status === "failed") return null;
  return <span className="text-sm tabular-nums text-stone-600">incl. {formatPounds(credit)} site credit</span>;
}

/** The customer's orders, newest first; a paid one's confirmation can be sent again. */
export function CustomerOrders({ orders }: { orders: CustomerOrder[] }) {
  const trpc = useTRPC();
  const resend = useMutation(
    trpc.admin.customers.resendConfirmation.mutationOptions({
      onSuccess: ({ to }) => {
        toast.success(`Confirmation sent to ${to}`);
      },
      onError: (error) => failureToast("Failed to send the confirmation", error),
    }),
  );

  return (
    <RecordSection title="Orders" count={orders.length}>
      {orders.length === 0 ? (
        <Nothing>No orders yet.</Nothing>
      ) : (
        <ul className="divide-y divide-cream-200">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/orders/${encodeURIComponent(o.id)}`}
                    className="font-mono font-semibold text-field-800 underline underline-offset-2 hover:text-field-950"
                    aria-label={`Order ${shortOrderNumber(o.id)}`}
                  >
                    {shortOrderNumber(o.id)}
                  </Link>
                  <OrderStatusBadge status={o.status} />
                  <span className="font-semibold tabular-nums">{formatPrice(o.amount)}</span>
                  <CreditUsed order={o} />
                </p>
                <p className="text-sm text-stone-600">
                  {shortDateTime(o.createdAt)} · {o.lines.map((l) => `${l.competitionTitle} × ${l.quantity}`).join(", ")}
                </p>
                {o.refunds.length ? (
                  <ul className="mt-2 flex flex-col gap-1 border-l-2 border-danger-200 pl-3 text-sm" aria-label="Refunds">
                    {o.refunds.map((r) => (
                      <RefundLine key={`${r.at}-${r.amount}`} refund={r} amount={`Refunded ${formatPrice(r.amount)}`} />
                    ))}
                  </ul>
                ) : null}
              </div>
              {o.status === "paid" ? (
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0 max-sm:self-start"
                  pending={resend.isPending && resend.variables?.id === o.id}
                  aria-label={`Resend confirmation of order ${shortOrderNumber(o.id)}`}
                  onClick={() => resend.mutate({ id: o.id })}
                >
                  Resend confirmation
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
