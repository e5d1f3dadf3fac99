import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { AdminGuard } from "../../components/admin/admin-guard";
import { LoadingState } from "../../components/ui/spinner";

/** Every /admin route sits behind the guard; the tools themselves load only once it passes. */
export function AdminLayout() {
  return (
    <AdminGuard>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </AdminGuard>
  );
}
