import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Popup } from "../../../shared/schemas/content";
import { AdminPage } from "../../components/admin/admin-page";
import { PopupCard } from "../../components/admin/popups/popup-card";
import { PopupDialog } from "../../components/admin/popups/popup-dialog";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { Button } from "../../components/ui/button";
import { PlusIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminPopupsPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.popups.list.queryOptions());
  const [editing, setEditing] = useState<{ popup: Popup | null } | null>(null);

  return (
    <AdminPage
      title="Popup Management"
      lead="Timed announcements shown to visitors on chosen pages."
      actions={
        <Button onClick={() => setEditing({ popup: null })}>
          <PlusIcon className="size-4" />
          Create Popup
        </Button>
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading pop-ups..." />
      ) : list.isError ? (
        <LoadError what="Pop-ups" error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No pop-ups yet">Create one to announce a competition or an offer.</EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((p) => (
            <li key={p.id}>
              <PopupCard popup={p} onEdit={() => setEditing({ popup: p })} />
            </li>
          ))}
        </ul>
      )}
      <PopupDialog open={editing !== null} popup={editing?.popup ?? null} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
