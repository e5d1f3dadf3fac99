import { AdminPage } from "../../components/admin/admin-page";

export function AdminWinnersPage() {
  return <AdminPage title="Manage Winners" lead="The winners shown in the public gallery." />;
}
