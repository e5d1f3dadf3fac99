import { AdminPage } from "../../components/admin/admin-page";

export function AdminAnalyticsPage() {
  return <AdminPage title="Analytics & Reports" lead="Revenue, entries and conversion across your campaigns." />;
}
