import { useMutation, useQuery } from "@tanstack/react-query";
import { shortDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { LoadingState } from "../../ui/spinner";
import { failureToast } from "../ui/admin-toasts";
import { AdminBadge } from "../ui/badges";
import { EmptyState, LoadError } from "../ui/feedback";

/** Mail the worker could not send: given up (with Retry) or still backing off between attempts. */
export function MailFailures() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.mail.failures.queryOptions(undefined, { staleTime: 0 }));
  const retry = useMutation(
    trpc.admin.mail.retry.mutationOptions({
      onSuccess: (mail) => {
        toast.success("Mail queued again", `“${mail.subject}” will be sent on the next pass.`);
      },
      onError: (error) => failureToast("Failed to retry mail", error),
    }),
  );
  if (list.isPending) return <LoadingState label="Loading failed mail..." />;
  if (list.isError) return <LoadError what="Failed mail" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="No failed mail">Every email has been delivered or is waiting its first try.</EmptyState>;
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((m) => (
        <li key={m.id} className="flex flex-col gap-3 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              {m.status === "failed" ? (
                <AdminBadge className="bg-danger-100 text-danger-800">Failed</AdminBadge>
              ) : (
                <AdminBadge className="bg-wheat-100 text-wheat-800">Retrying</AdminBadge>
              )}
              <span className="text-xs text-stone-600">
                {shortDateTime(m.createdAt)} · {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                {m.nextAttemptAt ? ` · next try ${shortDateTime(m.nextAttemptAt)}` : ""}
                {m.kind ? ` · ${m.kind}` : ""}
              </span>
            </div>
            <h3 className="mt-1 font-sans font-bold break-words text-field-900">{m.subject}</h3>
            <p className="text-sm break-all text-stone-700">To {m.to}</p>
            {m.lastError ? (
              <p className="mt-2 rounded-lg bg-danger-50 px-3 py-2 font-mono text-xs break-words text-danger-800">
                <span className="sr-only">Last error: </span>
                {m.lastError}
              </p>
            ) : null}
          </div>
          {m.status === "failed" ? (
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0 self-start"
              pending={retry.isPending && retry.variables?.id === m.id}
              onClick={() => retry.mutate({ id: m.id })}
              aria-label={`Retry “${m.subject}” to ${m.to}`}
            >
              Retry
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
