import { useQuery } from "@tanstack/react-query";
import { AdminPage } from "../../components/admin/admin-page";
import { PlayersTable } from "../../components/admin/protection/players-table";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { ShieldIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

/** Code of practice 1.6–1.7: the signs of harm an admin watches for, and proportionate steps up to stopping play. */
export function AdminPlayerProtectionPage() {
  const trpc = useTRPC();
  const players = useQuery(trpc.admin.protection.players.queryOptions(undefined, { staleTime: 0 }));
  return (
    <AdminPage
      title="Player Protection"
      lead="Players who reached their spending limit, asked to raise it repeatedly, hit the credit card cap, spent heavily or ordered often, and accounts we have restricted."
    >
      {players.isPending ? (
        <LoadingState label="Loading players..." />
      ) : players.isError ? (
        <LoadError what="Players" error={players.error} />
      ) : players.data.length === 0 ? (
        <EmptyState title="No players are showing signs of harm right now." icon={<ShieldIcon className="size-8" />}>
          Players appear here when they reach a limit, ask to raise it repeatedly or spend unusually much.
        </EmptyState>
      ) : (
        <PlayersTable players={players.data} />
      )}
    </AdminPage>
  );
}
