import { AdminPage } from "../../components/admin/admin-page";

export function AdminHeroSlidesPage() {
  return <AdminPage title="Manage Hero Slides" lead="The slides at the top of the home page." />;
}
