import { ExternalLink } from "../landing/external-link";
import { PhoneIcon } from "../home/more-icons";

interface Organisation {
  name: string;
  what: string;
  phone?: { display: string; tel: string; note: string };
  site: { display: string; href: string };
}

const UK: Organisation[] = [
  {
    name: "GamCare: National Gambling Helpline",
    what: "Free, confidential advice and support for anyone affected by gambling, by phone or live chat.",
    phone: { display: "0808 8020 133", tel: "+448088020133", note: "Freephone, 24 hours a day, 7 days a week" },
    site: { display: "gamcare.org.uk", href: "https://www.gamcare.org.uk" },
  },
  {
    name: "BeGambleAware",
    what: "Advice, a quick self-assessment of your play, and a route to free treatment. Its helpline is the National Gambling Helpline above.",
    site: { display: "begambleaware.org", href: "https://www.begambleaware.org" },
  },
  {
    name: "GamAnon",
    what: "Self-help groups for the family and friends of people affected by gambling.",
    site: { display: "gamanon.org.uk", href: "https://www.gamanon.org.uk" },
  },
  {
    name: "Gamblers Anonymous UK",
    what: "Self-help meetings across the UK for people who want to stop gambling.",
    site: { display: "gamblersanonymous.org.uk", href: "https://www.gamblersanonymous.org.uk" },
  },
  {
    name: "GAMSTOP",
    what: "The free national online self-exclusion scheme: one sign-up blocks you from gambling websites and apps licensed in Great Britain.",
    site: { display: "gamstop.co.uk", href: "https://www.gamstop.co.uk" },
  },
];

const IRELAND: Organisation[] = [
  {
    name: "HSE problem gambling helpline",
    what: "The Health Service Executive's free, confidential helpline for anyone in Ireland worried about their own or someone else's gambling.",
    phone: { display: "1800 753 753", tel: "1800753753", note: "Freephone" },
    site: { display: "hse.ie", href: "https://www.hse.ie" },
  },
];

const link = "font-semibold text-field-700 underline underline-offset-4 hover:text-field-900";

function OrganisationCard({ org }: { org: Organisation }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <h3 className="font-sans text-lg font-bold text-field-900">{org.name}</h3>
      <p className="text-stone-700">{org.what}</p>
      {org.phone ? (
        <p className="flex flex-wrap items-center gap-x-2">
          <PhoneIcon className="size-5 shrink-0 text-wheat-700" />
          <a href={`tel:${org.phone.tel}`} className="text-xl font-bold tabular-nums text-field-800 underline-offset-4 hover:underline">
            {org.phone.display}
          </a>
          <span className="text-sm text-stone-600">{org.phone.note}</span>
        </p>
      ) : null}
      <p className="mt-auto">
        <ExternalLink href={org.site.href} className={link}>
          {org.site.display}
        </ExternalLink>
      </p>
    </li>
  );
}

/** UK and Irish support services (COMPLIANCE 1.8), with their phone numbers where they have a helpline. */
export function SupportOrganisations() {
  return (
    <section aria-labelledby="support-heading">
      <h2 id="support-heading" className="text-2xl font-bold sm:text-3xl">
        Free, confidential support
      </h2>
      <p className="mt-2 text-stone-700">You don't have to be sure there is a problem to get in touch. These services also help family and friends.</p>
      <h3 className="mt-6 font-sans text-sm font-bold uppercase tracking-wider text-wheat-700">In the UK</h3>
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {UK.map((org) => (
          <OrganisationCard key={org.name} org={org} />
        ))}
      </ul>
      <h3 className="mt-8 font-sans text-sm font-bold uppercase tracking-wider text-wheat-700">In Ireland</h3>
      <ul className="mt-3 grid gap-4 md:grid-cols-2">
        {IRELAND.map((org) => (
          <OrganisationCard key={org.name} org={org} />
        ))}
      </ul>
    </section>
  );
}
