import { FeatureCards } from "../ui/feature-cards";
import { CheckCircleIcon, VideoIcon } from "../ui/icons";
import { QuoteIcon, UsersIcon } from "../home/more-icons";

const benefits = [
  {
    icon: CheckCircleIcon,
    title: "Small tickets, big prizes",
    text: "Enter for a fraction of a prize's value, so equipment that would take years to save for is within reach today.",
  },
  {
    icon: VideoIcon,
    title: "Every draw is live",
    text: "Winners are picked live on video for everyone to watch. The draw happens on its date, however many tickets are sold.",
  },
  {
    icon: UsersIcon,
    title: "Built for your community",
    text: "Prizes chosen with women farmers in mind, with training and mentorship to help you make the most of what you win.",
  },
];

/** "What is Harvest Draws?", a winner's words, and three reasons to join. */
export function LandingIntro() {
  return (
    <>
      <section aria-labelledby="what-is" className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="what-is" className="text-3xl font-bold sm:text-4xl">
            What is Harvest Draws?
          </h2>
          <p className="mt-4 text-lg text-stone-700">
            Harvest Draws runs prize competitions for people who work the land. You choose a prize, answer a simple question, buy as many tickets as you like,
            and watch the live draw. Every competition has a fixed number of tickets, so you always know your odds.
          </p>
          <p className="mt-3 text-lg text-stone-700">
            Through the Women in Agriculture initiative, members get early news of new prizes and support from our team every step of the way.
          </p>
        </div>
        <figure className="rounded-3xl bg-wheat-50 p-6 ring-1 ring-wheat-200 sm:p-8">
          <QuoteIcon className="size-8 text-wheat-500" />
          <blockquote className="mt-3 font-display text-xl leading-relaxed text-field-900 sm:text-2xl">
            “I bought three tickets for the irrigation kit and won. Now my tomatoes have water right through the dry season, and I've doubled my harvest.”
          </blockquote>
          <figcaption className="mt-4 text-sm font-semibold text-stone-700">Amina, vegetable farmer and initiative member</figcaption>
        </figure>
      </section>

      <section aria-labelledby="benefits" className="bg-cream-100 py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="benefits" className="text-center text-3xl font-bold sm:text-4xl">
            Why members love it
          </h2>
          <FeatureCards items={benefits} className="mt-10 gap-6 md:grid-cols-3" iconTone="bg-field-100 text-field-700" />
        </div>
      </section>
    </>
  );
}
