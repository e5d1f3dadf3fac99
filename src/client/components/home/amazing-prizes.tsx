import { Link } from "react-router-dom";
import { ArrowRightIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { CoinsIcon, DropletIcon, GraduationCapIcon, TractorIcon } from "./more-icons";
import { SectionHeading } from "./section-heading";

const prizes = [
  {
    icon: TractorIcon,
    title: "Farm Machinery",
    text: "Tractors, quads, trailers and the kit that does the heavy lifting.",
    tone: "bg-field-700 text-white",
  },
  {
    icon: DropletIcon,
    title: "Irrigation",
    text: "Centre pivots, drip lines and solar pumps to keep crops and stock watered.",
    tone: "bg-sky-800 text-white",
  },
  {
    icon: GraduationCapIcon,
    title: "Training",
    text: "Accredited courses in agronomy, soil health and farm business, with travel paid.",
    tone: "bg-wheat-700 text-white",
  },
  {
    icon: CoinsIcon,
    title: "Cash",
    text: "Tax-free cash paid straight to your bank, plus a cash alternative on every prize.",
    tone: "bg-field-900 text-white",
  },
];

/** The four kinds of prize, each a way into the competitions list. */
export function AmazingPrizes() {
  return (
    <Container className="pt-16">
      <section aria-labelledby="prizes-heading">
        <SectionHeading id="prizes-heading" title="Amazing Prizes" lead="Real prizes for working farms, delivered free to your door." />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {prizes.map(({ icon: Icon, title, text, tone }) => (
            <li key={title}>
              <Link
                to="/competitions"
                className={`group flex h-full flex-col rounded-2xl p-6 shadow-sm transition-transform hover:-translate-y-0.5 ${tone} on-dark`}
              >
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-white/15">
                  <Icon className="size-7" />
                </span>
                <h3 className="mt-4 font-sans text-xl font-bold text-white">{title}</h3>
                <p className="mt-2 flex-1 text-white/90">{text}</p>
                <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-wheat-100 group-hover:underline">
                  See the prizes
                  <ArrowRightIcon className="size-4" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Container>
  );
}
