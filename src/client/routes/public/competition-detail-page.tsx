import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { ButtonLink } from "../../components/ui/button";
import { ComingSoon } from "../../components/ui/coming-soon";
import { ArrowLeftIcon } from "../../components/ui/icons";

export function CompetitionDetailPage() {
  return (
    <PlaceholderPage title="Competition Details">
      <div className="flex flex-col gap-6">
        <ComingSoon />
        <div>
          <ButtonLink to="/" variant="secondary">
            <ArrowLeftIcon className="size-4" />
            Back
          </ButtonLink>
        </div>
      </div>
    </PlaceholderPage>
  );
}
