import { useQuery } from "@tanstack/react-query";
import { shortDateTime } from "../../../lib/dates";
import { useTRPC } from "../../../lib/trpc";
import { LoadingState } from "../../ui/spinner";
import { AdminBadge } from "../ui/badges";
import { EmptyState, LoadError } from "../ui/feedback";

const STATUS: Record<string, string> = {
  sent: "bg-field-100 text-field-800",
  pending: "bg-wheat-100 text-wheat-800",
  queued: "bg-wheat-100 text-wheat-800",
  failed: "bg-danger-100 text-danger-800",
};

/** Every email the shop has queued or sent, newest first; the body opens on demand. */
export function MailOutbox() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.reports.outbox.queryOptions(undefined, { staleTime: 0 }));
  if (list.isPending) return <LoadingState label="Loading outbox..." />;
  if (list.isError) return <LoadError what="The outbox" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="The outbox is empty" />;
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((m) => (
        <li key={m.id} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center gap-2">
            <AdminBadge className={STATUS[m.status] ?? "bg-stone-200 text-stone-700"}>{m.status}</AdminBadge>
            <span className="text-xs text-stone-600">
              {shortDateTime(m.createdAt)}
              {m.sentAt ? ` · sent ${shortDateTime(m.sentAt)}` : ""} · {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
            </span>
          </div>
          <h3 className="mt-1 font-sans font-bold text-field-900">{m.subject}</h3>
          <p className="text-sm break-all text-stone-700">To {m.to}</p>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-semibold text-field-700">Show message</summary>
            <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-cream-100 p-3 font-sans text-sm whitespace-pre-wrap text-stone-800">{m.text}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
