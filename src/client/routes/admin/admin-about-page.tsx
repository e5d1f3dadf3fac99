import { AdminPage } from "../../components/admin/admin-page";

export function AdminAboutPage() {
  return <AdminPage title="Edit About Page" lead="The story, image and feature cards shown on the About page." />;
}
