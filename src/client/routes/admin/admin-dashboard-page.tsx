import { Link } from "react-router-dom";
import { adminTools } from "../../components/layout/nav-links";
import { ButtonLink } from "../../components/ui/button";
import { ArrowLeftIcon, ArrowRightIcon } from "../../components/ui/icons";
import { Container, PageHeader } from "../../components/ui/page-header";

export function AdminDashboardPage() {
  return (
    <Container className="py-8 sm:py-10">
      <title>Admin Dashboard | Harvest Draws</title>
      <PageHeader
        title="Admin Dashboard"
        lead="Run competitions, the home page and customer messages from here."
        actions={
          <ButtonLink to="/" variant="secondary">
            <ArrowLeftIcon className="size-4" />
            Back to Site
          </ButtonLink>
        }
      />
      <nav aria-label="Admin tools">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {adminTools.map((tool) => (
            <li key={tool.to}>
              <Link
                to={tool.to}
                className="group flex h-full flex-col rounded-2xl border border-cream-200 bg-white p-5 shadow-sm transition hover:border-field-300 hover:shadow-md"
              >
                <span className="flex items-center justify-between gap-2 font-sans text-lg font-bold text-field-900">
                  {tool.label}
                  <ArrowRightIcon className="size-5 text-field-600 transition group-hover:translate-x-0.5" />
                </span>
                <span className="mt-1 text-sm text-stone-700">{tool.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Container>
  );
}
