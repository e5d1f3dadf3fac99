import { shortDateTime } from "../../../lib/dates";
import type { AuditEntry } from "../ui/router-types";
import { Table, TBody, Td, Th, THead } from "../ui/table";

const hasDetails = (d: AuditEntry["details"]): d is Record<string, unknown> => d !== null && Object.keys(d).length > 0;

/** Admin writes, newest first: read-only, with the input as sent behind "Details". */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  const newestFirst = [...entries].sort((a, b) => b.id - a.id);
  return (
    <Table caption="Audit log" minWidth="60rem">
      <THead>
        <Th>When</Th>
        <Th>Who</Th>
        <Th>Action</Th>
        <Th>Target</Th>
        <Th>Reason</Th>
        <Th>Details</Th>
      </THead>
      <TBody>
        {newestFirst.map((e) => (
          <tr key={e.id}>
            <Td className="whitespace-nowrap text-stone-700">
              <time dateTime={e.createdAt}>{shortDateTime(e.createdAt)}</time>
            </Td>
            <Td className="break-words">{e.actorEmail ?? <span className="text-stone-600">—</span>}</Td>
            <Td className="font-mono text-xs">{e.action}</Td>
            <Td>
              <p className="font-semibold">{e.targetType}</p>
              {e.targetId ? <p className="font-mono text-xs break-all text-stone-600">{e.targetId}</p> : null}
            </Td>
            <Td className="min-w-48 max-w-72 break-words">{e.reason ?? <span className="text-stone-600">—</span>}</Td>
            <Td className="min-w-44">
              {hasDetails(e.details) ? (
                <details>
                  <summary className="cursor-pointer font-semibold whitespace-nowrap text-field-700">Show details</summary>
                  <pre className="mt-2 max-h-72 max-w-72 overflow-auto rounded-lg bg-cream-100 p-3 font-mono text-xs whitespace-pre-wrap break-all text-stone-800">
                    {JSON.stringify(e.details, null, 2)}
                  </pre>
                </details>
              ) : (
                <span className="text-stone-600">—</span>
              )}
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
