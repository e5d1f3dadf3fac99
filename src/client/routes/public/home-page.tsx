import { FieldIllustration } from "../../components/home/field-illustration";
import { ButtonLink } from "../../components/ui/button";
import { ClockIcon, TruckIcon, VideoIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";

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

export function HomePage() {
  return (
    <>
      <section className="on-dark relative overflow-hidden bg-field-800 text-white">
        <Container className="grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-bold uppercase tracking-widest text-wheat-300">Prize competitions for farmers</p>
            <h1 className="mt-3 text-4xl font-bold leading-tight text-white sm:text-5xl">
              Win the kit that keeps your farm growing
            </h1>
            <p className="mt-5 max-w-xl text-lg text-field-100">
              Enter for tractors, irrigation systems, training programmes and cash prizes. Small tickets, real prizes,
              and live draws every Monday evening for growers across the UK and Ireland.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/competitions" variant="accent" size="lg">
                View Competitions
              </ButtonLink>
              <ButtonLink
                to="/winners"
                size="lg"
                className="border border-field-300/60 bg-transparent text-white shadow-none hover:bg-field-700"
              >
                See Our Winners
              </ButtonLink>
            </div>
          </div>
          <FieldIllustration className="mx-auto w-full max-w-md lg:max-w-none" />
        </Container>
      </section>

      <Container className="py-14">
        <h2 className="text-center text-3xl font-bold">Why growers play with us</h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
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
      </Container>
    </>
  );
}
