import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ComingSoon } from "../ui/coming-soon";
import { ArrowLeftIcon } from "../ui/icons";
import { Container, PageHeader } from "../ui/page-header";

interface AdminPageProps {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** Hide the "Back to Dashboard" link when the page has its own way back. */
  hideBackLink?: boolean;
  /** Where the back link goes, when it is not the dashboard (e.g. a campaign's draw page back to Campaigns). */
  back?: { to: string; label: string };
  children?: ReactNode;
}

/** The frame of an admin tool: a way back to the dashboard, the heading, then the tool. */
export function AdminPage({ title, lead, actions, hideBackLink, back = { to: "/admin", label: "Back to Dashboard" }, children }: AdminPageProps) {
  return (
    <Container className="py-8 sm:py-10">
      <title>{`${title} | Harvest Draws Admin`}</title>
      {hideBackLink ? null : (
        <Link to={back.to} className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-field-700 hover:text-field-900">
          <ArrowLeftIcon className="size-4" />
          {back.label}
        </Link>
      )}
      <PageHeader title={title} lead={lead} actions={actions} />
      {children ?? <ComingSoon>This admin tool is not available yet.</ComingSoon>}
    </Container>
  );
}
