import { useQuery } from "@tanstack/react-query";
import { AdminPage } from "../../components/admin/admin-page";
import { SettingsForm } from "../../components/admin/settings/settings-form";
import { StatisticsSection } from "../../components/admin/settings/statistics-section";
import { UploadLimits } from "../../components/admin/settings/upload-limits";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminSettingsPage() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.list.queryOptions());

  return (
    <AdminPage title="Admin Settings" lead="Site-wide settings, grouped by category.">
      <div className="flex flex-col gap-8">
        <UploadLimits />
        <StatisticsSection />
        {settings.isPending ? (
          <LoadingState label="Loading settings..." />
        ) : settings.isError ? (
          <LoadError what="Settings" error={settings.error} />
        ) : settings.data.length === 0 ? (
          <EmptyState title="No settings yet">The site is using its defaults.</EmptyState>
        ) : (
          // Remount after a save so the form starts from what the server now holds.
          <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
        )}
      </div>
    </AdminPage>
  );
}
