import type { ReactNode } from "react";
import { ComingSoon } from "../ui/coming-soon";
import { Container, PageHeader } from "../ui/page-header";

/** A page that has its heading and place in the site but whose content is still to be built. */
export function PlaceholderPage({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <Container className="py-10 sm:py-14">
      <title>{`${title} | Harvest Draws`}</title>
      <PageHeader title={title} lead={lead} />
      {children ?? <ComingSoon />}
    </Container>
  );
}
