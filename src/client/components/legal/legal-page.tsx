import type { ReactNode } from "react";
import { Container } from "../ui/page-header";
import { pageTitle } from "../../../shared/page-titles";

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  lead: string;
  updated: string;
  sections: LegalSection[];
}

/** A plain-English legal page: a contents list, then short numbered sections. */
export function LegalPage({ title, lead, updated, sections }: LegalPageProps) {
  return (
    <Container className="py-10 sm:py-14">
      <title>{pageTitle(title)}</title>
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-stone-700">{lead}</p>
        <p className="mt-2 text-sm text-stone-600">Last updated: {updated}</p>

        <nav aria-labelledby="legal-contents" className="mt-8 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
          <h2 id="legal-contents" className="font-sans text-sm font-bold uppercase tracking-wider text-stone-600">
            Contents
          </h2>
          <ol className="mt-3 grid gap-1.5 sm:grid-cols-2">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="rounded text-field-700 underline-offset-4 hover:text-field-900 hover:underline">
                  {i + 1}. {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 flex flex-col gap-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-32">
              <h2 id={`${s.id}-heading`} className="text-2xl font-bold">
                {i + 1}. {s.heading}
              </h2>
              <div className="mt-3 flex flex-col gap-3 leading-relaxed text-stone-800 [&_li]:ml-5 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5">
                {s.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </Container>
  );
}

/** A link to the operator's email address, used in both legal pages. */
export function ContactEmail() {
  return (
    <a href="mailto:hello@harvestdraws.co.uk" className="font-semibold text-field-700 underline underline-offset-4">
      hello@harvestdraws.co.uk
    </a>
  );
}
