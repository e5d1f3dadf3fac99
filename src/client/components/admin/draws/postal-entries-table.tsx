import { useQuery } from "@tanstack/react-query";
import { shortDateTime } from "../../../lib/dates";
import { useTRPC } from "../../../lib/trpc";
import { MailIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { EmptyState, LoadError } from "../ui/feedback";
import { Table, TBody, Td, Th, THead } from "../ui/table";

const dayOnly = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : "—");

/** The postal entries recorded for one competition, newest first. */
export function PostalEntriesTable({ competitionId }: { competitionId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.draws.listPostal.queryOptions({ id: competitionId }, { staleTime: 0 }));
  if (list.isPending) return <LoadingState label="Loading postal entries..." />;
  if (list.isError) return <LoadError what="Postal entries" error={list.error} />;
  if (list.data.length === 0) {
    return (
      <EmptyState title="No postal entries yet" icon={<MailIcon className="size-8" />}>
        Entries recorded above appear here with their ticket numbers.
      </EmptyState>
    );
  }
  return (
    <Table caption="Recorded postal entries" minWidth="48rem">
      <THead>
        <Th>Entrant</Th>
        <Th>Email</Th>
        <Th>Reference</Th>
        <Th>Received</Th>
        <Th>Ticket Numbers</Th>
        <Th>Recorded</Th>
      </THead>
      <TBody>
        {list.data.map((e) => (
          <tr key={e.id}>
            <Td>
              <p className="font-semibold">{e.customerName}</p>
              {e.address ? <p className="max-w-56 text-xs whitespace-pre-line text-stone-600">{e.address}</p> : null}
            </Td>
            <Td className="break-words">{e.customerEmail}</Td>
            <Td className="font-mono text-xs">{e.postalReference ?? "—"}</Td>
            <Td className="whitespace-nowrap">{dayOnly(e.receivedAt)}</Td>
            <Td className="font-mono font-semibold text-field-800">{e.ticketNumbers.join(", ") || "—"}</Td>
            <Td className="whitespace-nowrap text-stone-700">{shortDateTime(e.entryDate)}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
