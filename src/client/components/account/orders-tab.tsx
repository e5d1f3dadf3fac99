import { trpc } from "../../lib/trpc";
import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { LoadFailed } from "../ui/load-failed";
import { TicketIcon } from "../ui/icons";
import { LoadingState } from "../ui/spinner";
import { OrderCard } from "./order-card";

function NoOrders() {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <TicketIcon className="size-10 text-field-600" />
      <h2 className="font-sans text-lg font-bold text-field-900">No orders yet</h2>
      <p className="max-w-md text-stone-700">Your receipts appear here: what you bought, how you paid and your ticket numbers.</p>
      <ButtonLink to="/competitions" className="mt-2">
        Browse competitions
      </ButtonLink>
    </Card>
  );
}

/** The Orders tab: a receipt per order, newest first. Asked for only when the tab is opened. */
export function OrdersTab() {
  const orders = trpc.customer.orders.list.useQuery();
  if (orders.isPending) return <LoadingState label="Loading your orders..." />;
  if (orders.isError) return <LoadFailed what="your orders" retry={() => void orders.refetch()} />;
  if (orders.data.length === 0) return <NoOrders />;
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your orders">
      {orders.data.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </ul>
  );
}
