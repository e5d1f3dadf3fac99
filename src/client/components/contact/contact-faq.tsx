import { ChevronDownIcon } from "../ui/icons";

const faqs = [
  {
    q: "When are the draws?",
    a: "Every draw is held live on Monday evening on our social video page. Each competition shows its draw date, and the draw goes ahead whether or not every ticket has sold.",
  },
  {
    q: "How are winners contacted?",
    a: "We contact winners by phone and email within 48 hours of the live draw, using the details on the entry. Winners are also listed in our Winners Gallery.",
  },
  {
    q: "Can I enter for free?",
    a: "Yes. Every competition has a free postal entry route with exactly the same chance of winning as a paid entry. The address and instructions are on each competition's page.",
  },
  {
    q: "How is my prize delivered?",
    a: "Prizes are delivered free to addresses in the UK and Ireland. We arrange a delivery date with you, and most prizes also have a cash alternative if you'd rather.",
  },
];

/** A short FAQ using native disclosure widgets, so it works with the keyboard and without scripts. */
export function ContactFaq() {
  return (
    <section aria-labelledby="contact-faq" className="mt-14">
      <h2 id="contact-faq" className="text-3xl font-bold">
        Frequently asked questions
      </h2>
      <div className="mt-6 flex flex-col gap-3">
        {faqs.map(({ q, a }) => (
          <details key={q} className="group rounded-2xl border border-cream-200 bg-white shadow-sm">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-semibold text-field-900 [&::-webkit-details-marker]:hidden">
              {q}
              <ChevronDownIcon className="size-5 shrink-0 text-field-700 transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 text-stone-700">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
