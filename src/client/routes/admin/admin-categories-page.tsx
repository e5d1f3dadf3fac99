import { AdminPage } from "../../components/admin/admin-page";

export function AdminCategoriesPage() {
  return <AdminPage title="Manage Categories" lead="The categories competitions are filed under." />;
}
