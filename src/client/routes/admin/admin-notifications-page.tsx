import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { AdminPage } from "../../components/admin/admin-page";
import { NotificationForm } from "../../components/admin/notifications/notification-form";
import { NotificationList } from "../../components/admin/notifications/notification-list";
import { Card } from "../../components/ui/card";
import { tabClasses, tabListClasses } from "../../components/ui/tab-styles";

export function AdminNotificationsPage() {
  return (
    <AdminPage title="Notification Management" lead="Send a message to every customer or to one.">
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-2">
        <Card>
          <h2 className="mb-4 text-xl font-bold">New Notification</h2>
          <TabGroup>
            <TabList className={`${tabListClasses} mb-5`}>
              <Tab className={tabClasses}>Broadcast</Tab>
              <Tab className={tabClasses}>User</Tab>
            </TabList>
            <TabPanels>
              <TabPanel>
                <p className="mb-4 text-sm text-stone-700">Every customer sees a broadcast in their notifications.</p>
                <NotificationForm targeted={false} />
              </TabPanel>
              <TabPanel>
                <p className="mb-4 text-sm text-stone-700">Only the chosen customer sees it.</p>
                <NotificationForm targeted />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </Card>
        <section aria-labelledby="sent-heading">
          <h2 id="sent-heading" className="mb-4 text-xl font-bold">
            Sent Notifications
          </h2>
          <NotificationList />
        </section>
      </div>
    </AdminPage>
  );
}
