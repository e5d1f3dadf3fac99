import { AdminPage } from "../../components/admin/admin-page";

export function AdminNotificationsPage() {
  return <AdminPage title="Notification Management" lead="Send a message to every customer or to one." />;
}
