import { Link } from "react-router-dom";
import { COMMITMENTS } from "../../components/info/commitments";
import { CheckCircleIcon } from "../../components/ui/icons";
import { Container, PageHeader } from "../../components/ui/page-header";
import { PAGE_TITLES } from "../../../shared/page-titles";

/** /our-commitments (COMPLIANCE 3.4): the measures in place, one per clause of the code. */
export function OurCommitmentsPage() {
  return (
    <Container className="py-10 sm:py-14">
      <title>{PAGE_TITLES.commitments}</title>
      <PageHeader
        title="Our Commitments"
        lead="We follow the UK's Voluntary Code of Good Practice for Prize Draw Operators. These are the measures we have in place, in plain English."
      />
      <ol className="grid gap-4 lg:grid-cols-2">
        {COMMITMENTS.map((c) => (
          <li key={c.clause} className="flex gap-4 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
            <CheckCircleIcon className="mt-1 size-6 shrink-0 text-field-600" />
            <div className="min-w-0">
              <h2 className="font-sans text-lg font-bold text-field-900">{c.title}</h2>
              <p className="text-xs font-semibold uppercase tracking-wider text-stone-600">Code clause {c.clause}</p>
              <p className="mt-2 text-stone-800">{c.text}</p>
              {c.link ? (
                <Link
                  to={c.link.to}
                  className="mt-2 inline-flex min-h-11 items-center font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
                >
                  {c.link.label}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-8 max-w-3xl text-sm text-stone-600">
        Our Terms &amp; Conditions and each competition's own rules set out the details. If something here falls short, please{" "}
        <Link to="/contact" className="font-semibold text-field-700 underline underline-offset-4">
          tell us
        </Link>
        .
      </p>
    </Container>
  );
}
