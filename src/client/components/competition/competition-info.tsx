import { Disclosure, DisclosureButton, DisclosurePanel } from "@headlessui/react";
import { linkTarget } from "../../../shared/safe-link";
import { useOrigin } from "../../lib/render-context";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { ChevronDownIcon } from "../ui/icons";

type Info = Pick<PublicCompetition, "prizeDetails" | "rules" | "faq" | "privacyPolicyUrl" | "termsOfUseUrl">;

function Section({ title, text, defaultOpen }: { title: string; text: string; defaultOpen?: boolean }) {
  return (
    <Disclosure as="div" defaultOpen={defaultOpen} className="border-b border-cream-200 last:border-b-0">
      <DisclosureButton className="group flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-field-900 hover:bg-cream-50">
        {title}
        <ChevronDownIcon className="size-5 shrink-0 text-stone-600 transition-transform group-data-open:rotate-180" />
      </DisclosureButton>
      <DisclosurePanel className="whitespace-pre-line px-4 pb-4 text-stone-700">{text}</DisclosurePanel>
    </Disclosure>
  );
}

/** Prize details, rules, FAQ and policy links; only those the competition has are shown. */
export function CompetitionInfo({ competition }: { competition: Info }) {
  const { prizeDetails, rules, faq, privacyPolicyUrl, termsOfUseUrl } = competition;
  const origin = useOrigin();
  const sections = [
    { title: "Prize Details", text: prizeDetails },
    { title: "Rules", text: rules },
    { title: "FAQ", text: faq },
  ].filter((s): s is { title: string; text: string } => Boolean(s.text?.trim()));
  // A stored link that would leave the site while looking like a path ("/\evil.test/") is not shown.
  const links = [
    { label: "Privacy Policy", url: privacyPolicyUrl },
    { label: "Terms of Use", url: termsOfUseUrl },
  ].flatMap(({ label, url }) => {
    const target = linkTarget(url, origin);
    return target ? [{ label, url: target.kind === "site" ? target.path : target.href }] : [];
  });

  if (sections.length === 0 && links.length === 0) return null;

  return (
    <section aria-labelledby="info-heading">
      <h2 id="info-heading" className="mb-3 text-2xl font-bold">
        Competition Information
      </h2>
      {sections.length > 0 ? (
        <div className="overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm">
          {sections.map((s, i) => (
            <Section key={s.title} title={s.title} text={s.text} defaultOpen={i === 0} />
          ))}
        </div>
      ) : null}
      {links.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1">
          {links.map((l) => (
            <li key={l.label}>
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-field-700 underline underline-offset-2 hover:text-field-900"
              >
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
