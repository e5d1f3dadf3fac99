import { useNavigate } from "react-router-dom";
import { Button } from "../ui/button";
import { SproutIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { PAGE_TITLES } from "../../../shared/page-titles";

export function CompetitionNotFound() {
  const navigate = useNavigate();
  return (
    <Container className="flex flex-col items-center py-20 text-center">
      <title>{PAGE_TITLES.competitionNotFound}</title>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-wheat-100 text-wheat-800">
        <SproutIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">Competition Not Found</h1>
      <p className="mt-3 max-w-md text-lg text-stone-700">This competition doesn't exist or has been removed.</p>
      <Button className="mt-8" onClick={() => navigate("/")}>
        Go Home
      </Button>
    </Container>
  );
}
