import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminClaim, ClaimStatus } from "../../../../shared/schemas/claims";
import { useTRPC } from "../../../lib/trpc";
import { TrophyIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { EmptyState, LoadError } from "../ui/feedback";
import { SelectField } from "../ui/select-field";
import { ClaimActionDialog, type ClaimAction } from "./claim-action-dialog";
import { ClaimsList } from "./claims-list";

const FILTERS = [
  { value: "", label: "All claims" },
  { value: "notified", label: "Awaiting claim" },
  { value: "claimed", label: "Claimed (to deliver or pay)" },
  { value: "fulfilled", label: "Delivered or paid" },
  { value: "expired", label: "Expired" },
] as const;

/** /admin/winners: every winner's prize claim, with the 48-hour mark and the actions staff take. */
export function ClaimsSection() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<ClaimStatus | "">("");
  const list = useQuery(trpc.admin.claims.list.queryOptions(status ? { status } : undefined));
  const [target, setTarget] = useState<{ claim: AdminClaim; action: ClaimAction } | null>(null);
  const overdue = list.data?.filter((c) => c.overdue).length ?? 0;

  return (
    <section aria-labelledby="prize-claims" className="mb-10">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="prize-claims" className="text-2xl font-bold">
            Prize claims
          </h2>
          <p className="mt-1 text-stone-700">
            Winners are to be contacted within 48 hours of the draw.
            {overdue > 0 ? <strong className="text-danger-700"> {overdue === 1 ? "1 is overdue." : `${overdue} are overdue.`}</strong> : null}
          </p>
        </div>
        <SelectField
          label="Show"
          options={FILTERS}
          value={status}
          onChange={(event) => setStatus(event.target.value as ClaimStatus | "")}
          className="sm:w-64"
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading prize claims..." />
      ) : list.isError ? (
        <LoadError what="Prize claims" error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyState title={status ? "No claims in this state" : "No prize claims yet"} icon={<TrophyIcon className="size-10" />}>
          {status ? null : "A claim opens for each winner when a draw is run."}
        </EmptyState>
      ) : (
        <ClaimsList claims={list.data} onAction={(claim, action) => setTarget({ claim, action })} />
      )}
      <ClaimActionDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
