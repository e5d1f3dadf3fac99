import { Link } from "react-router-dom";
import type { AdminOrderView } from "../../../../shared/schemas/order";
import { formatPounds, formatPrice, paymentSplit } from "../../../../shared/money";
import { shortDateTime } from "../../../lib/dates";
import { cardLabel } from "../../../lib/order-status";
import { Card } from "../../ui/card";
import { CopyButton } from "../../ui/copy-button";
import { OrderStatusBadge } from "../../ui/order-status-badge";
import { Fact } from "../ui/fact";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What site credit paid of the order, and what was left for the card (the total less the credit). */
function paidBy(order: AdminOrderView): { credit: number; card: number } {
  const { creditPence, cardPence } = paymentSplit(order.amount, order.creditUsed);
  return { credit: creditPence, card: cardPence };
}

/** The order at a glance: which, its status, when, and the money paid, refunded and still refundable. */
export function OrderSummaryCard({ order }: { order: AdminOrderView }) {
  const { credit, card } = paidBy(order);
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">Order</h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Fact term="Order reference" className="col-span-2">
          <span className="flex items-center gap-2">
            <span className="min-w-0 font-mono font-semibold select-all">{order.reference}</span>
            <CopyButton text={order.reference} label="order reference" />
          </span>
        </Fact>
        <Fact term="Order id" className="col-span-2">
          <span className="flex items-center gap-2">
            <span className="min-w-0 font-mono text-xs break-all select-all">{order.id}</span>
            <CopyButton text={order.id} label="order id" />
          </span>
        </Fact>
        <Fact term="Date" className="col-span-2 sm:col-span-1">
          <time dateTime={order.createdAt}>{shortDateTime(order.createdAt)}</time>
        </Fact>
        <Fact term="Amount" valueClassName="tabular-nums">
          {formatPrice(order.amount)}
        </Fact>
        {order.discountCode && order.discount !== "0.00" ? (
          <Fact term={`Discount (${order.discountCode})`} valueClassName="tabular-nums text-field-700">
            −{formatPrice(order.discount)}
          </Fact>
        ) : null}
        {credit > 0 ? (
          <>
            <Fact term="Site credit" valueClassName="tabular-nums">
              {formatPounds(credit)}
            </Fact>
            {card > 0 ? (
              <Fact term="Card" valueClassName="tabular-nums">
                {formatPounds(card)}
              </Fact>
            ) : null}
          </>
        ) : null}
        <Fact term="Refunded" valueClassName="tabular-nums">
          {formatPrice(order.refunded)}
        </Fact>
        <Fact term="Refundable" valueClassName="tabular-nums">
          {formatPrice(order.refundable)}
        </Fact>
      </dl>
      {order.failureReason ? (
        <p className="mt-4 rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-800">
          <span className="font-semibold">Failure reason:</span> {order.failureReason}
        </p>
      ) : null}
      {order.dispute ? (
        <p className="mt-4 rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-800">
          <span className="font-semibold">Disputed</span> ({order.dispute.status ? capitalise(order.dispute.status.replace(/_/g, " ")) : "status unknown"}): the
          card issuer decides the money now, so it cannot be refunded here. Dispute <span className="font-mono break-all">{order.dispute.id}</span>
        </p>
      ) : null}
    </Card>
  );
}

/** Who bought and how they paid. */
export function CustomerAndPayment({ order }: { order: AdminOrderView }) {
  const card = cardLabel(order.payment);
  const { credit, card: cardPence } = paidBy(order);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <h2 className="mb-4 text-xl font-bold">Customer</h2>
        <dl className="grid gap-4">
          <Fact term="Name">
            {order.customer.userId ? (
              <Link to={`/admin/customers/${encodeURIComponent(order.customer.userId)}`} className="underline underline-offset-2 hover:text-field-700">
                {order.customer.name}
              </Link>
            ) : (
              order.customer.name
            )}
          </Fact>
          <Fact term="Email" valueClassName="break-all">
            <a href={`mailto:${order.customer.email}`} className="underline underline-offset-2 hover:text-field-700">
              {order.customer.email}
            </a>
          </Fact>
          {order.customer.userId ? null : <Fact term="Account">Guest checkout</Fact>}
        </dl>
      </Card>
      <Card>
        <h2 className="mb-4 text-xl font-bold">Payment</h2>
        {order.payment ? (
          <dl className="grid grid-cols-2 gap-4">
            <Fact term="Provider">{capitalise(order.payment.provider)}</Fact>
            <Fact term="Card">{card ?? "—"}</Fact>
            <Fact term="Brand">{order.payment.brand ? capitalise(order.payment.brand) : "—"}</Fact>
            <Fact term="Last four" valueClassName="font-mono">
              {order.payment.last4 ?? "—"}
            </Fact>
            <Fact term="Funding">{order.payment.funding ? capitalise(order.payment.funding) : "—"}</Fact>
          </dl>
        ) : credit > 0 && cardPence === 0 ? (
          <p className="text-stone-700">Paid with site credit: no card was charged.</p>
        ) : (
          <p className="text-stone-700">No card payment was recorded for this order.</p>
        )}
      </Card>
    </div>
  );
}
