import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import { AdminPage } from "../../components/admin/admin-page";
import { ReferralsTable } from "../../components/admin/referrals/referrals-table";
import { failureToast } from "../../components/admin/ui/admin-toasts";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { StatGrid, StatTile } from "../../components/admin/ui/stat-tile";
import { Button } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

const PAGE_SIZE = 50;

/** Refer a friend in the back office: the totals, the switch, and every referral with why it earned nothing. */
export function AdminReferralsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.admin.referrals.list.queryOptions({ page, pageSize: PAGE_SIZE }, { staleTime: 0 }));
  const toggle = useMutation(trpc.admin.settings.update.mutationOptions({ onError: (err) => failureToast("Referrals were not changed", err) }));
  const enabled = list.data?.enabled ?? false;

  return (
    <AdminPage
      title="Referrals"
      lead={
        <>
          Customers' share links: a friend who joins and pays for a first order earns both sides site credit once the refund window has passed. The amounts, the
          monthly limit and the window are in{" "}
          <Link to="/admin/settings" className="font-semibold text-field-700 underline underline-offset-2">
            Settings
          </Link>{" "}
          (Referrals).
        </>
      }
      actions={
        list.data ? (
          <Button
            variant={enabled ? "secondary" : "primary"}
            pending={toggle.isPending}
            onClick={() => toggle.mutate({ key: "referrals_enabled", value: enabled ? "false" : "true" })}
          >
            {enabled ? "Switch referrals off" : "Switch referrals on"}
          </Button>
        ) : null
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading referrals..." />
      ) : list.isError ? (
        <LoadError what="Referrals" error={list.error} />
      ) : (
        <>
          <p className="mb-4 font-semibold text-stone-800" role="status">
            {enabled ? "Referrals are on." : "Referrals are off: no share links are given and nothing more is rewarded."}
          </p>
          <StatGrid label="Referral totals">
            <StatTile label="Joined" value={list.data.totals.joined} detail="No paid order yet" />
            <StatTile label="In refund window" value={list.data.totals.waiting} />
            <StatTile label="Rewarded" value={list.data.totals.rewarded} detail={`£${list.data.totals.creditGiven} credit given`} />
            <StatTile
              label="No reward or taken back"
              value={list.data.totals.void + list.data.totals.reversed}
              detail={`${list.data.totals.reversed} taken back: £${list.data.totals.creditTakenBack}`}
            />
          </StatGrid>
          {list.data.items.length === 0 ? (
            <EmptyState title="No referrals yet">Friends who sign up through a customer's share link appear here.</EmptyState>
          ) : (
            <>
              <ReferralsTable referrals={list.data.items} />
              {list.data.total > PAGE_SIZE ? (
                <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous
                  </Button>
                  <span className="text-sm text-stone-700">
                    Page {page} of {Math.ceil(list.data.total / PAGE_SIZE)}
                  </span>
                  <Button variant="secondary" disabled={page * PAGE_SIZE >= list.data.total} onClick={() => setPage(page + 1)}>
                    Next
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </>
      )}
    </AdminPage>
  );
}
