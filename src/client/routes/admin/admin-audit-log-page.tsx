import { useQuery } from "@tanstack/react-query";
import { AuditLogTable } from "../../components/admin/audit/audit-log-table";
import { AdminPage } from "../../components/admin/admin-page";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

/** Every successful admin write (the latest 500): who did what, to what, and why. Read-only. */
export function AdminAuditLogPage() {
  const trpc = useTRPC();
  const log = useQuery(trpc.admin.protection.auditLog.queryOptions(undefined, { staleTime: 0 }));
  return (
    <AdminPage title="Audit Log" lead="Every change made in the back office, newest first. Read-only.">
      {log.isPending ? (
        <LoadingState label="Loading the audit log..." />
      ) : log.isError ? (
        <LoadError what="The audit log" error={log.error} />
      ) : log.data.length === 0 ? (
        <EmptyState title="Nothing logged yet">Changes made in the back office appear here.</EmptyState>
      ) : (
        <AuditLogTable entries={log.data} />
      )}
    </AdminPage>
  );
}
