import { useQuery } from "@tanstack/react-query";
import { AdminPage } from "../../components/admin/admin-page";
import { AnalyticsTiles } from "../../components/admin/analytics/analytics-tiles";
import { DailyChart } from "../../components/admin/analytics/daily-chart";
import { lastThirtyDays } from "../../components/admin/analytics/daily-series";
import { TopCampaigns } from "../../components/admin/analytics/top-campaigns";
import { RecentEntriesTable } from "../../components/admin/dashboard/recent-entries-table";
import { LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminAnalyticsPage() {
  const trpc = useTRPC();
  const analytics = useQuery(trpc.admin.reports.analytics.queryOptions());

  return (
    <AdminPage title="Analytics & Reports" lead="Revenue, entries and conversion across your campaigns.">
      {analytics.isPending ? (
        <LoadingState label="Loading analytics..." />
      ) : analytics.isError ? (
        <LoadError what="Analytics" error={analytics.error} />
      ) : (
        <div className="flex flex-col gap-8">
          <AnalyticsTiles figures={analytics.data} />
          <DailyChart points={lastThirtyDays(analytics.data.daily)} />
          <TopCampaigns campaigns={analytics.data.topCampaigns} />
          <section aria-labelledby="recent-activity">
            <h2 id="recent-activity" className="mb-3 text-xl font-bold">
              Recent Activity
            </h2>
            <RecentEntriesTable entries={analytics.data.recentActivity} caption="Recent activity" />
          </section>
        </div>
      )}
    </AdminPage>
  );
}
