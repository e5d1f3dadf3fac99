import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AdminPage } from "../../components/admin/admin-page";
import { ComplaintDialog } from "../../components/admin/complaints/complaint-dialog";
import { ComplaintsTable } from "../../components/admin/complaints/complaints-table";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { MailIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

/** Code of practice 1.2: every complaint with its reference, status and response deadline. */
export function AdminComplaintsPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.protection.complaints.queryOptions(undefined, { staleTime: 0 }));
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.find((c) => c.id === openId) ?? null;
  const waiting = list.data?.filter((c) => c.status === "open").length ?? 0;

  return (
    <AdminPage title="Complaints" lead="Complaints raised from the contact page. Each must have a full response by its due date.">
      {list.isPending ? (
        <LoadingState label="Loading complaints..." />
      ) : list.isError ? (
        <LoadError what="Complaints" error={list.error} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No complaints" icon={<MailIcon className="size-8" />}>
          Complaints sent from the contact page appear here with their reference and deadline.
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-stone-700" role="status">
            {waiting === 0
              ? "No complaint is waiting for an answer."
              : waiting === 1
                ? "1 complaint is waiting for an answer."
                : `${waiting} complaints are waiting for an answer.`}
          </p>
          <ComplaintsTable complaints={list.data} onOpen={(c) => setOpenId(c.id)} />
        </>
      )}
      <ComplaintDialog complaint={open} onClose={() => setOpenId(null)} />
    </AdminPage>
  );
}
