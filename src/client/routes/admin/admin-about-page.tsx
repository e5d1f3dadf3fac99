import { useQuery } from "@tanstack/react-query";
import { aboutValuesFrom } from "../../components/admin/about/about-form-state";
import { AboutEditor } from "../../components/admin/about/about-editor";
import { AdminPage } from "../../components/admin/admin-page";
import { LoadError } from "../../components/admin/ui/feedback";
import { NewTabLink } from "../../components/admin/ui/new-tab-link";
import { ButtonLink } from "../../components/ui/button";
import { ArrowLeftIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminAboutPage() {
  const trpc = useTRPC();
  const about = useQuery(trpc.admin.about.get.queryOptions());

  return (
    <AdminPage
      title="Edit About Page"
      lead="The story, image and feature cards shown on the About page."
      hideBackLink
      actions={
        <>
          <ButtonLink to="/admin" variant="secondary">
            <ArrowLeftIcon className="size-4" />
            Back
          </ButtonLink>
          <NewTabLink href="/about">Preview Page</NewTabLink>
        </>
      }
    >
      {about.isPending ? (
        <LoadingState label="Loading About page..." />
      ) : about.isError ? (
        <LoadError what="The About page" error={about.error} />
      ) : (
        <AboutEditor key={about.dataUpdatedAt} initial={aboutValuesFrom(about.data)} />
      )}
    </AdminPage>
  );
}
