import type { AdminEntry } from "../../../../shared/schemas/admin";
import { formatPrice } from "../../../../shared/money";
import { shortDateTime } from "../../../lib/dates";
import { PaymentCell } from "../orders/payment-cell";
import { EmptyState } from "../ui/feedback";
import { Table, TBody, Td, Th, THead } from "../ui/table";

/** The latest entries: who, for what, how many tickets, when, paid or not, and how much. */
export function RecentEntriesTable({ entries, caption = "Recent entries" }: { entries: AdminEntry[]; caption?: string }) {
  if (entries.length === 0) return <EmptyState title="No entries yet">Entries appear here as soon as customers enter a competition.</EmptyState>;
  return (
    <Table caption={caption} minWidth="52rem">
      <THead>
        <Th>Customer</Th>
        <Th>Competition</Th>
        <Th className="text-right">Tickets</Th>
        <Th>Date</Th>
        <Th>Payment</Th>
        <Th className="text-right">Amount</Th>
      </THead>
      <TBody>
        {entries.map((e) => (
          <tr key={e.id}>
            <Td>
              <p className="font-semibold">{e.customerName}</p>
              <p className="text-stone-600">{e.customerEmail}</p>
            </Td>
            <Td className="max-w-64">{e.competitionTitle}</Td>
            <Td className="text-right tabular-nums">{e.ticketCount}</Td>
            <Td className="whitespace-nowrap text-stone-700">{shortDateTime(e.entryDate)}</Td>
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
