import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { AdminGuard } from "../../components/admin/admin-guard";
import { MailStatusBanner } from "../../components/admin/mail/mail-status-banner";
import { LoadingState } from "../../components/ui/spinner";

/** Every /admin route sits behind the guard; the tools themselves load only once it passes. A banner says so while mail cannot leave the shop. */
export function AdminLayout() {
  return (
    <AdminGuard>
      <MailStatusBanner />
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </AdminGuard>
  );
}
