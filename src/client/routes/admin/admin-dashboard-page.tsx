import { useQuery } from "@tanstack/react-query";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { AdminPage } from "../../components/admin/admin-page";
import { AdminToolLinks } from "../../components/admin/dashboard/admin-tool-links";
import { CompetitionsTab } from "../../components/admin/dashboard/competitions-tab";
import { DashboardTiles } from "../../components/admin/dashboard/dashboard-tiles";
import { RecentEntriesTable } from "../../components/admin/dashboard/recent-entries-table";
import { WinnersGalleryTab } from "../../components/admin/dashboard/winners-gallery-tab";
import { LoadError } from "../../components/admin/ui/feedback";
import { ButtonLink } from "../../components/ui/button";
import { ArrowLeftIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { tabClasses, tabListClasses } from "../../components/ui/tab-styles";
import { useTRPC } from "../../lib/trpc";

export function AdminDashboardPage() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.reports.dashboard.queryOptions());

  return (
    <AdminPage
      title="Admin Dashboard"
      lead="Run competitions, the home page and customer messages from here."
      hideBackLink
      actions={
        <ButtonLink to="/" variant="secondary">
          <ArrowLeftIcon className="size-4" />
          Back to Site
        </ButtonLink>
      }
    >
      <AdminToolLinks />
      {dashboard.isPending ? (
        <LoadingState label="Loading dashboard..." />
      ) : dashboard.isError ? (
        <LoadError what="The dashboard" error={dashboard.error} />
      ) : (
        <DashboardTiles figures={dashboard.data} />
      )}
      <TabGroup>
        <TabList className={`${tabListClasses} mb-5`}>
          <Tab className={tabClasses}>Entries</Tab>
          <Tab className={tabClasses}>Competitions</Tab>
          <Tab className={tabClasses}>Winners Gallery</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <h2 className="mb-3 text-xl font-bold">Recent Entries</h2>
            {dashboard.data ? <RecentEntriesTable entries={dashboard.data.recentEntries} /> : null}
          </TabPanel>
          <TabPanel>
            <h2 className="mb-3 text-xl font-bold">Competitions</h2>
            <CompetitionsTab />
          </TabPanel>
          <TabPanel>
            <h2 className="mb-3 text-xl font-bold">Winners Gallery</h2>
            <WinnersGalleryTab />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </AdminPage>
  );
}
