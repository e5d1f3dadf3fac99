import { ClockIcon, TruckIcon, VideoIcon } from "../ui/icons";
import { Container } from "../ui/page-header";

const benefits = [
  {
    icon: VideoIcon,
    title: "Live draws every Monday",
    text: "Every winner is drawn live on Monday evening on our social video page, whether or not a competition sells out.",
  },
  {
    icon: ClockIcon,
    title: "Winners told within 48 hours",
    text: "If your ticket is drawn, we'll be in touch within 48 hours to arrange your prize.",
  },
  {
    icon: TruckIcon,
    title: "Free delivery",
    text: "Every prize is delivered free to addresses in the UK and Ireland, right to the farm gate.",
  },
];

/** Three reasons to play, in plain words. */
export function Benefits() {
  return (
    <Container className="pt-16">
      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold sm:text-4xl">
          Why growers play with us
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-wheat-100 text-wheat-800">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 font-sans text-lg font-bold text-field-900">{title}</h3>
              <p className="mt-2 text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </Container>
  );
}
