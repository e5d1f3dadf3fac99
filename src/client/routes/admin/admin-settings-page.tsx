import { AdminPage } from "../../components/admin/admin-page";
import { SettingsTables } from "../../components/admin/settings-tables";
import { UploadLimits } from "../../components/admin/upload-limits";
import { LoadingState } from "../../components/ui/spinner";
import { trpc } from "../../lib/trpc";

export function AdminSettingsPage() {
  const settings = trpc.admin.settings.list.useQuery();

  return (
    <AdminPage title="Admin Settings" lead="Site-wide settings, grouped by category. Editing comes in a later release.">
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : settings.isError ? (
        <p role="alert" className="rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-danger-800">
          Settings could not be loaded: {settings.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-8">
          <UploadLimits settings={settings.data} />
          <SettingsTables settings={settings.data} />
        </div>
      )}
    </AdminPage>
  );
}
