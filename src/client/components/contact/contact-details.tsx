import { Card } from "../ui/card";
import { ClockIcon, MailIcon } from "../ui/icons";
import { MapPinIcon, PhoneIcon } from "../home/more-icons";

/** SPEC §2 Contact page and §9 Business hours, word for word. */
const hours = [
  { days: "Monday to Friday", time: "9:00 AM to 6:00 PM" },
  { days: "Saturday", time: "10:00 AM to 4:00 PM" },
  { days: "Sunday", time: "closed" },
];

const linkClasses = "rounded font-semibold text-field-700 underline-offset-4 hover:text-field-900 hover:underline break-all";

export function ContactDetails() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <h2 className="font-sans text-lg font-bold text-field-900">Get in touch</h2>
        <ul className="mt-4 flex flex-col gap-4 text-stone-800">
          <li className="flex gap-3">
            <MailIcon className="mt-0.5 size-5 shrink-0 text-wheat-700" />
            <div>
              <p className="text-sm text-stone-600">Email</p>
              <a href="mailto:hello@harvestdraws.co.uk" className={linkClasses}>
                hello@harvestdraws.co.uk
              </a>
            </div>
          </li>
          <li className="flex gap-3">
            <PhoneIcon className="mt-0.5 size-5 shrink-0 text-wheat-700" />
            <div>
              <p className="text-sm text-stone-600">Phone</p>
              <a href="tel:+441522000000" className={linkClasses}>
                01522 000 000
              </a>
            </div>
          </li>
          <li className="flex gap-3">
            <MapPinIcon className="mt-0.5 size-5 shrink-0 text-wheat-700" />
            <div>
              <p className="text-sm text-stone-600">Post</p>
              <address className="not-italic">
                Harvest Draws
                <br />
                PO Box 1234
                <br />
                Lincoln LN1 1AA
                <br />
                United Kingdom
              </address>
            </div>
          </li>
        </ul>
      </Card>

      <Card>
        <h2 className="flex items-center gap-2 font-sans text-lg font-bold text-field-900">
          <ClockIcon className="size-5 text-wheat-700" />
          Business hours
        </h2>
        <dl className="mt-4 flex flex-col gap-2">
          {hours.map(({ days, time }) => (
            <div key={days} className="border-b border-cream-200 pb-2 last:border-b-0 last:pb-0">
              <dt className="font-semibold text-stone-800">{days}</dt>
              <dd className="tabular-nums text-stone-700">{time}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
