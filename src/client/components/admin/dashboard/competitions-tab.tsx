import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { formatPrice } from "../../../../shared/money";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { serverMessage } from "../../../lib/trpc-errors";
import { Button, ButtonLink } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { SproutIcon, TrashIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { CompetitionStatusBadge } from "../ui/badges";
import { EmptyState, LoadError } from "../ui/feedback";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { NewTabLink } from "../ui/new-tab-link";
import { Thumb } from "../ui/thumb";

/**
 * Every competition with Close (asks first) or Activate (only while it may reopen; otherwise the
 * reason instead), its draw page, a view link and delete. Delete does not ask (SPEC §8).
 */
export function CompetitionsTab() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.competitions.list.queryOptions());
  if (list.isPending) return <LoadingState label="Loading competitions..." />;
  if (list.isError) return <LoadError what="Competitions" error={list.error} />;
  if (list.data.length === 0) return <EmptyState title="No competitions yet">Create one from Campaigns.</EmptyState>;
  return (
    <Table caption="Competitions" minWidth="48rem">
      <THead>
        <Th>Competition</Th>
        <Th>Status</Th>
        <Th className="text-right">Price</Th>
        <Th className="text-right">Sold</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {list.data.map((c) => (
          <CompetitionRow key={c.id} competition={c} />
        ))}
      </TBody>
    </Table>
  );
}

function CompetitionRow({ competition: c }: { competition: AdminCompetition }) {
  const trpc = useTRPC();
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useMutation(
    trpc.admin.competitions.update.mutationOptions({
      // The refusal may come from a change made elsewhere (a draw froze the pool): show what holds now.
      meta: { refreshesOnError: true },
      onSuccess: (saved) => {
        setConfirmingClose(false);
        toast.success(saved.status === "active" ? "Competition activated" : "Competition closed", saved.title);
      },
      onError: (failure) => {
        setConfirmingClose(false);
        setError(`Failed to update competition: ${serverMessage(failure) ?? "please try again."}`);
      },
    }),
  );
  const remove = useMutation(
    trpc.admin.competitions.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Competition deleted", c.title);
      },
      onError: (failure) => setError(`Failed to delete competition: ${serverMessage(failure) ?? "please try again."}`),
    }),
  );
  const busy = update.isPending || remove.isPending;
  const errorId = `competition-error-${c.id}`;

  return (
    <tr>
      <Td>
        <div className="flex items-center gap-3">
          <Thumb src={c.image} className="size-12 shrink-0 rounded-lg" fallback={<SproutIcon className="size-5 text-field-300" />} />
          <div>
            <p className="font-semibold">{c.title}</p>
            <p className="text-stone-600">{c.category}</p>
          </div>
        </div>
      </Td>
      <Td>
        <CompetitionStatusBadge status={c.status} />
      </Td>
      <Td className="text-right tabular-nums">{formatPrice(c.price)}</Td>
      <Td className="text-right tabular-nums whitespace-nowrap">
        {c.soldTickets}
        {c.maxTickets ? ` / ${c.maxTickets}` : ""}
      </Td>
      <Td>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {c.status === "active" ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              aria-label={`Close ${c.title}`}
              onClick={() => {
                setError(null);
                setConfirmingClose(true);
              }}
            >
              Close
            </Button>
          ) : c.status === "closed" && c.reopenBlockedReason === null ? (
            <Button
              size="sm"
              pending={update.isPending}
              disabled={busy}
              aria-label={`Activate ${c.title}`}
              onClick={() => {
                setError(null);
                update.mutate({ id: c.id, status: "active" });
              }}
            >
              Activate
            </Button>
          ) : c.status === "closed" ? (
            <p className="max-w-52 text-left text-xs text-stone-700">
              <span className="font-semibold">Cannot reopen:</span> {c.reopenBlockedReason}
            </p>
          ) : null}
          <ButtonLink to={`/admin/campaigns/${encodeURIComponent(c.id)}/draw`} variant="secondary" size="sm" aria-label={`Draw ${c.title}`}>
            Draw
          </ButtonLink>
          <NewTabLink href={`/competition/${c.id}`} variant="ghost" size="sm" aria-label={`View ${c.title}`}>
            View
          </NewTabLink>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700 hover:bg-danger-50"
            pending={remove.isPending}
            disabled={busy}
            aria-label={`Delete ${c.title}`}
            onClick={() => {
              setError(null);
              remove.mutate({ id: c.id });
            }}
          >
            <TrashIcon className="size-4" />
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="mt-2 ml-auto max-w-md rounded-lg bg-danger-50 px-3 py-2 text-right text-sm text-danger-800">
            {error}
          </p>
        ) : null}
        <ConfirmDialog
          open={confirmingClose}
          title="Close this competition?"
          confirmLabel="Close competition"
          pending={update.isPending}
          onClose={() => setConfirmingClose(false)}
          onConfirm={() => update.mutate({ id: c.id, status: "closed" })}
        >
          <p>
            Sales of <strong className="font-semibold text-field-900">{c.title}</strong> stop at once: no new orders or postal entries are taken.
          </p>
          <p>You can reopen it until its end date, unless its draw pool has been frozen for the draw.</p>
          <p>Buyers who are part-way through paying can still finish.</p>
        </ConfirmDialog>
      </Td>
    </tr>
  );
}
