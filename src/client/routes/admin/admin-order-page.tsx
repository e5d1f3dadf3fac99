import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { decimalToPence, formatPrice } from "../../../shared/money";
import { AdminPage } from "../../components/admin/admin-page";
import { CustomerAndPayment, OrderSummaryCard } from "../../components/admin/orders/order-details";
import { OrderLines, OrderRefunds } from "../../components/admin/orders/order-lines";
import { RefundDialog } from "../../components/admin/orders/refund-dialog";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { Button } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/spinner";
import { shortOrderNumber } from "../../lib/order-status";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode } from "../../lib/trpc-errors";

const BACK = { to: "/admin/entries", label: "Back to Entries" };

/** /admin/orders/:id: one order for the back office, and the place to refund it. */
export function AdminOrderPage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const order = useQuery(trpc.admin.orders.get.queryOptions({ id }, { staleTime: 0 }));
  const [refunding, setRefunding] = useState(false);

  if (order.isPending) {
    return (
      <AdminPage title="Order" back={BACK}>
        <LoadingState label="Loading the order..." />
      </AdminPage>
    );
  }
  if (order.isError) {
    const code = appErrorCode(order.error);
    return (
      <AdminPage title="Order" back={BACK}>
        {code === "NOT_FOUND" || code === "INVALID_INPUT" ? (
          <EmptyState title="Order not found">There is no order with this reference.</EmptyState>
        ) : (
          <LoadError what="The order" error={order.error} />
        )}
      </AdminPage>
    );
  }

  const o = order.data;
  const canRefund = (decimalToPence(o.refundable) ?? 0) > 0;
  return (
    <AdminPage
      title={`Order ${shortOrderNumber(o.id)}`}
      lead={`${o.customer.name} · ${formatPrice(o.amount)}`}
      back={BACK}
      actions={
        canRefund ? (
          <Button variant="danger" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        ) : null
      }
    >
      <div className="flex flex-col gap-6">
        <OrderSummaryCard order={o} />
        <CustomerAndPayment order={o} />
        <OrderLines order={o} />
        <OrderRefunds refunds={o.refunds} />
      </div>
      <RefundDialog open={refunding} order={o} onClose={() => setRefunding(false)} />
    </AdminPage>
  );
}
