import { AdminPage } from "../../components/admin/admin-page";

export function AdminPopupsPage() {
  return <AdminPage title="Popup Management" lead="Timed announcements shown to visitors on chosen pages." />;
}
