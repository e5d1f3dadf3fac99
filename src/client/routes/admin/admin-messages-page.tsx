import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useSearchParams } from "react-router-dom";
import { AdminPage } from "../../components/admin/admin-page";
import { ContactMessages } from "../../components/admin/messages/contact-messages";
import { MailOutbox } from "../../components/admin/messages/mail-outbox";
import { tabClasses, tabListClasses } from "../../components/ui/tab-styles";

/** /admin/messages; `?tab=outbox` opens the Mail Outbox (the mail banner links there). */
export function AdminMessagesPage() {
  const [params] = useSearchParams();
  return (
    <AdminPage title="Messages" lead="Contact messages from customers and the emails the shop has sent. Read-only.">
      <TabGroup defaultIndex={params.get("tab") === "outbox" ? 1 : 0}>
        <TabList className={`${tabListClasses} mb-5 max-w-md`}>
          <Tab className={tabClasses}>Contact Messages</Tab>
          <Tab className={tabClasses}>Mail Outbox</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <ContactMessages />
          </TabPanel>
          <TabPanel>
            <MailOutbox />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </AdminPage>
  );
}
