import { ButtonLink } from "../../components/ui/button";
import { SproutIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";
import { PAGE_TITLES } from "../../../shared/page-titles";

export function NotFoundPage() {
  return (
    <Container className="flex flex-col items-center py-20 text-center">
      <title>{PAGE_TITLES.notFound}</title>
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-wheat-100 text-wheat-800">
        <SproutIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-3 max-w-md text-lg text-stone-700">Looks like this field has been left fallow. The page you're after has moved or never existed.</p>
      <ButtonLink to="/" className="mt-8">
        Back to Home
      </ButtonLink>
    </Container>
  );
}
