import { Link } from "react-router-dom";
import { cn } from "../../../lib/cn";
import { shortDateTime } from "../../../lib/dates";
import { Button } from "../../ui/button";
import { ComplaintStatusBadge } from "../ui/badges";
import type { Complaint } from "../ui/router-types";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { dueState } from "./response-due";
import { ResponseDue } from "./response-due-cell";

/** The queue, newest first; rows needing an answer soon are tinted. */
export function ComplaintsTable({ complaints, onOpen }: { complaints: Complaint[]; onOpen: (c: Complaint) => void }) {
  return (
    <Table caption="Complaints" minWidth="64rem">
      <THead>
        <Th>Reference</Th>
        <Th>Received</Th>
        <Th>From</Th>
        <Th>Subject</Th>
        <Th>Status</Th>
        <Th>Response Due</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {complaints.map((c) => {
          const state = dueState(c);
          return (
            <tr key={c.id} className={cn(state === "overdue" && "bg-danger-50", state === "soon" && "bg-wheat-50")}>
              <Td className="font-mono text-xs font-semibold whitespace-nowrap">{c.reference}</Td>
              <Td className="whitespace-nowrap text-stone-700">{shortDateTime(c.createdAt)}</Td>
              <Td>
                <p className="font-semibold">{c.name}</p>
                <p className="break-words text-stone-600">{c.email}</p>
                <Link
                  to={`/admin/customers?search=${encodeURIComponent(c.email)}`}
                  aria-label={`Find the customer record of ${c.email}`}
                  className="text-sm font-semibold text-field-700 underline underline-offset-2 hover:text-field-900"
                >
                  Find customer
                </Link>
              </Td>
              <Td className="min-w-44 max-w-72">{c.subject}</Td>
              <Td>
                <ComplaintStatusBadge status={c.status} />
              </Td>
              <Td>
                <ResponseDue complaint={c} />
              </Td>
              <Td className="text-right">
                <Button size="sm" variant="secondary" onClick={() => onOpen(c)} aria-label={`Open complaint ${c.reference}`}>
                  Open
                </Button>
              </Td>
            </tr>
          );
        })}
      </TBody>
    </Table>
  );
}
