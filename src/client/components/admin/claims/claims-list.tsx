import type { AdminClaim } from "../../../../shared/schemas/claims";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import type { ClaimAction } from "./claim-action-dialog";
import { ActionButtons, ChoiceCell, CompetitionCell, ReferenceCell, SinceDrawCell, StatusCell, WinnerCell } from "./claim-cells";

interface ClaimsListProps {
  claims: AdminClaim[];
  onAction: (claim: AdminClaim, action: ClaimAction) => void;
}

/** The claims: a table on wider screens, a card each on a phone. */
export function ClaimsList({ claims, onAction }: ClaimsListProps) {
  return (
    <>
      <div className="hidden lg:block">
        <Table caption="Prize claims" minWidth="60rem">
          <THead>
            <Th>Winner</Th>
            <Th>Competition</Th>
            <Th>Status</Th>
            <Th>Since draw</Th>
            <Th>Choice</Th>
            <Th>Reference</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </THead>
          <TBody>
            {claims.map((c) => (
              <tr key={c.id} className={c.overdue ? "bg-danger-50/60" : undefined}>
                <Td className="min-w-48">
                  <WinnerCell claim={c} />
                </Td>
                <Td className="max-w-56">
                  <CompetitionCell claim={c} />
                </Td>
                <Td className="max-w-56">
                  <StatusCell claim={c} />
                </Td>
                <Td>
                  <SinceDrawCell claim={c} />
                </Td>
                <Td className="max-w-56">
                  <ChoiceCell claim={c} />
                </Td>
                <Td className="max-w-40">
                  <ReferenceCell claim={c} />
                </Td>
                <Td className="w-0">
                  <ActionButtons claim={c} onAction={(a) => onAction(c, a)} />
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 lg:hidden" aria-label="Prize claims">
        {claims.map((c) => (
          <li key={c.id} className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm ${c.overdue ? "border-danger-200" : "border-cream-200"}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <WinnerCell claim={c} />
              <SinceDrawCell claim={c} />
            </div>
            <CompetitionCell claim={c} />
            <StatusCell claim={c} />
            {c.choice ? <ChoiceCell claim={c} /> : null}
            {c.reference ? (
              <p className="text-sm text-stone-700">
                Reference: <ReferenceCell claim={c} />
              </p>
            ) : null}
            <ActionButtons claim={c} onAction={(a) => onAction(c, a)} />
          </li>
        ))}
      </ul>
    </>
  );
}
