import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { AdminPage } from "../../components/admin/admin-page";
import { ContactMessages } from "../../components/admin/messages/contact-messages";
import { MailOutbox } from "../../components/admin/messages/mail-outbox";
import { tabClasses, tabListClasses } from "../../components/ui/tab-styles";

export function AdminMessagesPage() {
  return (
    <AdminPage title="Messages" lead="Contact messages from customers and the emails the shop has sent. Read-only.">
      <TabGroup>
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
