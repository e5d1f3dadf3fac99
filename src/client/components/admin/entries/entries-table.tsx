import { Link } from "react-router-dom";
import type { AdminEntry } from "../../../../shared/schemas/admin";
import { formatPrice } from "../../../../shared/money";
import { shortDateTime } from "../../../lib/dates";
import { PaymentCell } from "../orders/payment-cell";
import { Table, TBody, Td, Th, THead } from "../ui/table";

/** Every entry on this page with its ticket numbers, which the live draw reads from. */
export function EntriesTable({ entries }: { entries: AdminEntry[] }) {
  return (
    <Table caption="Entries" minWidth="64rem">
      <THead>
        <Th>Date</Th>
        <Th>Customer</Th>
        <Th>Competition</Th>
        <Th>Method</Th>
        <Th>Ticket Numbers</Th>
        <Th>Payment</Th>
        <Th className="text-right">Amount</Th>
      </THead>
      <TBody>
        {entries.map((e) => (
          <tr key={e.id}>
            <Td className="whitespace-nowrap text-stone-700">{shortDateTime(e.entryDate)}</Td>
            <Td>
              <p className="font-semibold">
                {e.userId ? (
                  <Link to={`/admin/customers/${encodeURIComponent(e.userId)}`} className="text-field-800 underline underline-offset-2 hover:text-field-950">
                    {e.customerName}
                  </Link>
                ) : (
                  e.customerName
                )}
              </p>
              <p className="text-stone-600">{e.customerEmail}</p>
            </Td>
            <Td className="max-w-56">{e.competitionTitle}</Td>
            <Td className="capitalize">
              {e.entryMethod}
              {e.postalReference ? <p className="text-xs text-stone-600 normal-case">Ref {e.postalReference}</p> : null}
            </Td>
            <Td className="max-w-72">
              <p className="text-xs text-stone-600">
                {e.ticketCount} {e.ticketCount === 1 ? "ticket" : "tickets"}
              </p>
              <p className="font-mono text-xs break-words">{e.ticketNumbers.join(", ") || "—"}</p>
            </Td>
            <Td>
              <PaymentCell entry={e} />
            </Td>
            <Td className="text-right font-semibold tabular-nums">{formatPrice(e.amount)}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
