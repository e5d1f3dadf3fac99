import { AdminPage } from "../../components/admin/admin-page";
import { MailFailures } from "../../components/admin/mail/mail-failures";
import { MailTemplates } from "../../components/admin/mail/mail-templates";

/** Every template the shop sends, previewed with sample data, and the mail that would not go. */
export function AdminMailPage() {
  return (
    <AdminPage title="Mail" lead="Preview every email the shop sends, and retry mail that could not be delivered.">
      <div className="flex flex-col gap-10">
        <section aria-labelledby="mail-failures">
          <h2 id="mail-failures" className="mb-4 font-sans text-xl font-bold text-field-900">
            Failed mail
          </h2>
          <MailFailures />
        </section>
        <section aria-labelledby="mail-templates">
          <h2 id="mail-templates" className="mb-4 font-sans text-xl font-bold text-field-900">
            Templates
          </h2>
          <MailTemplates />
        </section>
      </div>
    </AdminPage>
  );
}
