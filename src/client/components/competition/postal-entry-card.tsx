import { MailIcon } from "../ui/icons";
import { longDate } from "./draw-date";

/** The free route to enter (SPEC §2): an unenclosed postcard to the competition's postal address. */
export function PostalEntryCard({ postalAddress, endDate }: { postalAddress: string | null; endDate: string }) {
  return (
    <section aria-labelledby="postal-heading" className="rounded-2xl border border-wheat-200 bg-wheat-50 p-5 sm:p-6">
      <h2 id="postal-heading" className="flex items-center gap-2 text-xl font-bold">
        <MailIcon className="size-5 text-wheat-700" />
        Free Postal Entry
      </h2>
      <p className="mt-2 text-stone-800">
        You can enter this competition for free. Send your full name, address, email address, phone number and your answer to the
        qualifying question on an unenclosed postcard to:
      </p>
      {postalAddress ? (
        <address className="mt-3 whitespace-pre-line rounded-xl bg-white px-4 py-3 font-semibold not-italic text-stone-900 shadow-xs">
          {postalAddress}
        </address>
      ) : (
        <p className="mt-3 rounded-xl bg-white px-4 py-3 text-stone-700">Please contact us for the postal entry address.</p>
      )}
      <p className="mt-3 text-sm text-stone-700">
        Postcards must arrive before the closing date, {longDate(endDate)}. One entry per postcard; postal entries have the same chance of
        winning as paid entries.
      </p>
    </section>
  );
}
