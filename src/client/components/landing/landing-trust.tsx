import { buttonClasses } from "../ui/button-styles";
import { ArrowRightIcon } from "../ui/icons";
import { ExternalLink, useCompetitionsUrl, REGISTER_PATH } from "./external-link";

const stats = [
  { value: "500+", label: "winners" },
  { value: "₦50M+", label: "in prizes" },
  { value: "100%", label: "transparent draws" },
];

/** Trust statistics and the closing call to action. */
export function LandingTrust() {
  const competitionsUrl = useCompetitionsUrl();
  return (
    <>
      <section aria-labelledby="trust" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="trust" className="text-center text-3xl font-bold sm:text-4xl">
          Trusted by farmers
        </h2>
        <dl className="mt-10 grid gap-4 sm:grid-cols-3">
          {stats.map(({ value, label }) => (
            <div key={label} className="flex flex-col items-center rounded-2xl border border-cream-200 bg-white p-6 text-center shadow-sm">
              <dt className="order-last text-sm font-semibold uppercase tracking-wider text-stone-600">{label}</dt>
              <dd className="font-display text-5xl font-bold tabular-nums text-field-800">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="cta" className="px-4 pb-16 sm:px-6 lg:px-8">
        <div className="on-dark mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-field-700 to-field-900 px-6 py-12 text-center text-white shadow-lg sm:px-12">
          <h2 id="cta" className="text-3xl font-bold text-white sm:text-4xl">
            Your next harvest could start with one ticket
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-field-100">Create your free account today and be ready for the next live draw.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ExternalLink href={REGISTER_PATH} className={buttonClasses("accent", "lg")}>
              Register now
              <ArrowRightIcon className="size-5" />
            </ExternalLink>
            <ExternalLink
              href={competitionsUrl}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/60 px-6 text-lg font-semibold text-white transition-colors hover:bg-white/10"
            >
              Explore competitions
            </ExternalLink>
          </div>
        </div>
      </section>
    </>
  );
}
