import { useQuery } from "@tanstack/react-query";
import { AboutContent } from "../../components/about/about-content";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";
import { PAGE_TITLES } from "../../../shared/page-titles";

/** /about (SPEC §2): the story and feature cards the admin maintains. */
export function AboutPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.content.about.queryOptions());

  if (query.isPending) return <LoadingState label="Loading..." />;
  if (query.error) {
    return (
      <Container className="py-16 text-center">
        <title>{PAGE_TITLES.about}</title>
        <h1 className="text-3xl font-bold">About Us</h1>
        <p className="mt-3 text-stone-700">We couldn't load this page. Please try again.</p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Container>
    );
  }
  if (!query.data) {
    return (
      <Container className="py-16">
        <title>{PAGE_TITLES.about}</title>
        <h1 className="sr-only">About Us</h1>
        <Card className="py-12 text-center">
          <p className="text-lg text-stone-700">Content not available</p>
        </Card>
      </Container>
    );
  }
  return (
    <>
      <title>{PAGE_TITLES.about}</title>
      <AboutContent about={query.data} />
    </>
  );
}
