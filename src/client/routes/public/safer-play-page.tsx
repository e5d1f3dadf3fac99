import { PhoneIcon } from "../../components/home/more-icons";
import { SaferPlayTools } from "../../components/info/safer-play-tools";
import { SupportOrganisations } from "../../components/info/support-organisations";
import { Container, PageHeader } from "../../components/ui/page-header";
import { PAGE_TITLES } from "../../../shared/page-titles";

const signs = [
  "Spending more than you can afford, or more than you meant to",
  "Buying more tickets to win back what you have already spent",
  "Borrowing money, or using money meant for bills or the farm, to enter",
  "Thinking about competitions much of the time, or feeling restless when you can't enter",
  "Hiding how much you spend from family or friends",
  "Feeling anxious, guilty or low about your play",
  "Letting work, family or sleep slip because of it",
];

/** /safer-play (COMPLIANCE 1.8): the tools, the warning signs and where to get help. */
export function SaferPlayPage() {
  return (
    <Container className="py-10 sm:py-14">
      <title>{PAGE_TITLES.saferPlay}</title>
      <PageHeader
        title="Safer Play"
        lead="Our competitions should be a bit of fun. Here is how to stay in control, and where to find free, confidential help if it stops being fun."
      />

      <section aria-label="Helplines" className="on-dark mb-10 rounded-2xl bg-field-800 p-5 text-white shadow-sm sm:p-6">
        <p className="font-display text-xl font-bold text-white sm:text-2xl">Need to talk to someone now?</p>
        <p className="mt-2 text-field-50">
          Call the National Gambling Helpline, run by GamCare, free on{" "}
          <a href="tel:+448088020133" className="inline-flex items-center gap-1 whitespace-nowrap font-bold text-wheat-200 underline underline-offset-4">
            <PhoneIcon className="size-4" />
            0808 8020 133
          </a>
          , 24 hours a day, 7 days a week. In Ireland, call the HSE problem gambling helpline on{" "}
          <a href="tel:1800753753" className="whitespace-nowrap font-bold text-wheat-200 underline underline-offset-4">
            1800 753 753
          </a>
          .
        </p>
      </section>

      <div className="flex flex-col gap-14">
        <SaferPlayTools />

        <section aria-labelledby="signs-heading">
          <h2 id="signs-heading" className="text-2xl font-bold sm:text-3xl">
            Signs that play is becoming a problem
          </h2>
          <ul className="mt-4 ml-5 flex max-w-3xl list-disc flex-col gap-1.5 text-stone-800">
            {signs.map((sign) => (
              <li key={sign}>{sign}</li>
            ))}
          </ul>
          <p className="mt-4 max-w-3xl text-stone-700">
            If any of these sound familiar, set a £0 limit or take a break, and talk to one of the services below. The same signs can help you spot when someone
            close to you is struggling.
          </p>
        </section>

        <SupportOrganisations />
      </div>
    </Container>
  );
}
