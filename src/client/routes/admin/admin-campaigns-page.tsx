import { AdminPage } from "../../components/admin/admin-page";

export function AdminCampaignsPage() {
  return <AdminPage title="Campaign Management" lead="Create and manage prize competitions." />;
}
