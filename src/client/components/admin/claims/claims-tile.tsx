import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useTRPC } from "../../../lib/trpc";
import { ArrowRightIcon, TrophyIcon } from "../../ui/icons";

function Figure({ value, label, detail }: { value: number | string; label: string; detail?: string | null }) {
  return (
    <p className="flex min-w-0 flex-col">
      <span className="text-2xl font-bold tabular-nums text-field-900 sm:text-3xl">{value}</span>
      <span className="text-sm text-stone-700">
        {label}
        {detail ? <span className="font-semibold text-danger-700"> · {detail}</span> : null}
      </span>
    </p>
  );
}

/** The dashboard's Prize Claims tile: winners still to reach (and how many are past 48 hours) and prizes still to send or pay. */
export function ClaimsTile({ className }: { className?: string }) {
  const trpc = useTRPC();
  const summary = useQuery(trpc.admin.claims.summary.queryOptions());
  const s = summary.data;
  const dash = "–";
  return (
    <Link
      to="/admin/winners"
      className={`group flex flex-col gap-3 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm hover:border-field-300 hover:bg-field-50/40 sm:flex-row sm:items-center sm:gap-8 sm:p-5 ${className ?? ""}`}
    >
      <span className="flex items-center justify-between gap-2 sm:w-40 sm:flex-col sm:items-start">
        <span className="text-sm font-semibold text-stone-700">Prize Claims</span>
        <TrophyIcon className="size-5 shrink-0 text-field-600" />
      </span>
      {summary.isError ? (
        <span className="flex-1 text-sm text-danger-700">The claim figures could not be loaded.</span>
      ) : (
        <span className="grid flex-1 grid-cols-2 gap-4">
          <Figure value={s?.awaitingContact ?? dash} label="awaiting contact" detail={s && s.overdue > 0 ? `${s.overdue} overdue` : null} />
          <Figure value={s?.awaitingFulfilment ?? dash} label="awaiting delivery or payment" />
        </span>
      )}
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-field-700 group-hover:text-field-900">
        Manage claims
        <ArrowRightIcon className="size-4" />
      </span>
    </Link>
  );
}
