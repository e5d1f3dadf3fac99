import { FeatureCards } from "../ui/feature-cards";
import { CoinsIcon, DropletIcon, GraduationCapIcon, TractorIcon } from "../home/more-icons";

const categories = [
  { icon: TractorIcon, title: "Farm Equipment", text: "Tractors, power tillers, planters and processing machines worth up to ₦25M." },
  { icon: DropletIcon, title: "Irrigation Systems", text: "Solar pumps, drip kits and boreholes that keep crops growing all year." },
  { icon: GraduationCapIcon, title: "Training Programs", text: "Agribusiness, soil health and marketing courses with one-to-one mentoring." },
  { icon: CoinsIcon, title: "Cash Prizes", text: "Cash prizes from ₦500,000, paid straight to your bank account." },
];

const steps = [
  { title: "Choose a Competition", text: "Browse the prizes and pick the one your farm needs most." },
  { title: "Buy Tickets", text: "Answer the question and buy as many tickets as you like, from a small amount each." },
  { title: "Watch and Win", text: "Tune in to the live draw. If your ticket comes up, we call you within 48 hours." },
];

/** The four prize categories and the three steps to enter. */
export function LandingPrizes() {
  return (
    <>
      <section aria-labelledby="categories" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="categories" className="text-center text-3xl font-bold sm:text-4xl">
          Prizes that grow your farm
        </h2>
        <FeatureCards items={categories} className="mt-10 gap-4 sm:grid-cols-2 lg:grid-cols-4" />
      </section>

      <section aria-labelledby="steps" className="on-dark bg-field-800 py-16 text-white">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="steps" className="text-center text-3xl font-bold text-white sm:text-4xl">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map(({ title, text }, i) => (
              <li key={title} className="rounded-2xl bg-field-900/60 p-6 ring-1 ring-field-600">
                <span className="inline-flex size-11 items-center justify-center rounded-full bg-wheat-400 font-display text-xl font-bold text-field-950">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-sans text-xl font-bold text-white">{title}</h3>
                <p className="mt-2 text-field-100">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
