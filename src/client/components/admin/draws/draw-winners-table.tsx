import type { DrawRecordView } from "../../draw/draw-types";
import { Table, TBody, Td, Th, THead } from "../ui/table";

/** The drawn tickets in draw order: k counts from 0, as in the published method. */
export function DrawWinnersTable({ winners }: { winners: DrawRecordView["winners"] }) {
  if (winners.length === 0) return <p className="text-stone-700">The pool was empty, so no winner could be drawn.</p>;
  return (
    <Table caption="Winners drawn" minWidth="30rem">
      <THead>
        <Th>Winner</Th>
        <Th>Ticket Number</Th>
        <Th>Display Name</Th>
        <Th className="text-right">Pool Index</Th>
      </THead>
      <TBody>
        {winners.map((w) => (
          <tr key={w.k}>
            <Td className="whitespace-nowrap">
              <span className="font-semibold">Winner {w.k + 1}</span> <span className="text-xs text-stone-600">(k = {w.k})</span>
            </Td>
            <Td className="font-mono font-semibold text-field-800">{w.ticketNumber}</Td>
            <Td>{w.displayName}</Td>
            <Td className="text-right tabular-nums">{w.index}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
