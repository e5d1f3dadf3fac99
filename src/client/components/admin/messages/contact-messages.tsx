import { useQuery } from "@tanstack/react-query";
import { shortDateTime } from "../../../lib/dates";
import { useTRPC } from "../../../lib/trpc";
import { MailIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { EmptyState, LoadError } from "../ui/feedback";

/** Messages sent through the contact form, newest first. */
export function ContactMessages() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.reports.messages.queryOptions(undefined, { staleTime: 0 }));
  if (list.isPending) return <LoadingState label="Loading messages..." />;
  if (list.isError) return <LoadError what="Messages" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="No messages yet" icon={<MailIcon className="size-8" />} />;
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((m) => (
        <li key={m.id} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-sans font-bold text-field-900">{m.subject}</h3>
            <time dateTime={m.createdAt} className="text-xs text-stone-600">
              {shortDateTime(m.createdAt)}
            </time>
          </div>
          <p className="text-sm text-stone-700">
            From {m.name} ·{" "}
            <a href={`mailto:${m.email}`} className="font-semibold text-field-700 underline underline-offset-2">
              {m.email}
            </a>
          </p>
          <p className="mt-2 text-sm whitespace-pre-line break-words text-stone-800">{m.message}</p>
        </li>
      ))}
    </ul>
  );
}
