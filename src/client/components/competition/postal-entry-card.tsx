import { MailIcon } from "../ui/icons";
import { longDate } from "./draw-date";

interface PostalEntryCardProps {
  postalAddress: string | null;
  endDate: string;
  question: string | null;
}

const step = "flex gap-3";
const number = "inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-wheat-200 text-sm font-bold text-wheat-900";

/**
 * The free route to enter (COMPLIANCE 2.4), beside the buy box and as prominent as it: what to
 * write, how to send it, where, and by when.
 */
export function PostalEntryCard({ postalAddress, endDate, question }: PostalEntryCardProps) {
  return (
    <section aria-labelledby="postal-heading" className="h-full rounded-2xl border-2 border-wheat-300 bg-wheat-50 p-5 shadow-sm sm:p-6">
      <h2 id="postal-heading" className="flex items-center gap-2 text-2xl font-bold">
        <MailIcon className="size-6 text-wheat-700" />
        Free Postal Entry
      </h2>
      <p className="mb-5 mt-1 text-stone-800">
        Enter for free by post. A postal entry goes into the same draw as paid entries, with exactly the same chance of winning.
      </p>
      <ol className="flex flex-col gap-4 text-stone-800">
        <li className={step}>
          <span className={number}>1</span>
          <div>
            On a postcard, write your <strong>full name, address, email address, phone number, date of birth</strong> and{" "}
            <strong>your answer to the question</strong>
            {question ? <>: “{question}”</> : null}.
          </div>
        </li>
        <li className={step}>
          <span className={number}>2</span>
          <div>
            Send it as an <strong>unenclosed postcard</strong>, one entry per postcard. If you use an envelope, one postcard per envelope.
          </div>
        </li>
        <li className={step}>
          <span className={number}>3</span>
          <div className="min-w-0 flex-1">
            Post it to:
            {postalAddress ? (
              <address className="mt-2 whitespace-pre-line rounded-xl bg-white px-4 py-3 font-semibold not-italic text-stone-900 shadow-xs">
                {postalAddress}
              </address>
            ) : (
              <p className="mt-2 rounded-xl bg-white px-4 py-3 text-stone-700">Please contact us for the postal entry address.</p>
            )}
          </div>
        </li>
        <li className={step}>
          <span className={number}>4</span>
          <div>
            It must arrive by <strong>{longDate(endDate)}</strong>, when entries close.
          </div>
        </li>
      </ol>
      <p className="mt-5 text-sm text-stone-700">You must be 18 or over. Each postal entry gets a ticket number, confirmed by email.</p>
    </section>
  );
}
