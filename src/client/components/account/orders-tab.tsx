import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { OrderView, UserOrdersPage } from "../../../shared/schemas/order";
import { useTRPC } from "../../lib/trpc";
import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { LoadFailed } from "../ui/load-failed";
import { TicketIcon } from "../ui/icons";
import { ShowMore } from "../ui/show-more";
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

/** Receipts a page of the Orders tab shows; "Show more" adds the next page below. */
export const ORDERS_PAGE_SIZE = 10;

/** GET /api/user/orders answers a page when one is asked for (an array, the newest, when not). */
const asOrdersPage = (data: UserOrdersPage | OrderView[] | undefined): UserOrdersPage | undefined =>
  data === undefined ? undefined : Array.isArray(data) ? { items: data, page: 1, pageSize: data.length, total: data.length } : data;

/** A later page, read when "Show more" asks for it. */
function LaterOrders({ page }: { page: number }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.customer.orders.list.queryOptions({ page, pageSize: ORDERS_PAGE_SIZE }));
  const data = asOrdersPage(query.data);
  if (query.isPending) return <LoadingState label="Loading more orders..." />;
  if (query.error || !data) return <LoadFailed what="more of your orders" retry={() => void query.refetch()} />;
  return (
    <>
      {data.items.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </>
  );
}

/** The Orders tab: a receipt per order, newest first, a page at a time. Asked for only when the tab is opened. */
export function OrdersTab() {
  const trpc = useTRPC();
  const first = useQuery(trpc.customer.orders.list.queryOptions({ page: 1, pageSize: ORDERS_PAGE_SIZE }));
  const [pages, setPages] = useState(1);
  const data = asOrdersPage(first.data);
  if (first.isPending) return <LoadingState label="Loading your orders..." />;
  if (first.isError || !data) return <LoadFailed what="your orders" retry={() => void first.refetch()} />;
  if (data.total === 0) return <NoOrders />;
  const shown = Math.min(data.total, data.items.length + (pages - 1) * ORDERS_PAGE_SIZE);
  return (
    <div>
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Your orders">
        {data.items.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
        {Array.from({ length: pages - 1 }, (_, i) => (
          <LaterOrders key={i + 2} page={i + 2} />
        ))}
      </ul>
      {data.total > data.items.length ? <ShowMore shown={shown} total={data.total} noun="orders" onMore={() => setPages((n) => n + 1)} /> : null}
    </div>
  );
}
