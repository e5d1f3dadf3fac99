import { FeatureCards } from "../ui/feature-cards";
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
        <FeatureCards items={benefits} className="mt-8 gap-6 md:grid-cols-3" />
      </section>
    </Container>
  );
}
