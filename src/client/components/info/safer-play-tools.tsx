import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";

const tools = [
  {
    title: "Monthly spending limit",
    text: "Choose the most you want to spend on entries each calendar month: any amount, including £0. A lower limit applies straight away. A higher limit, or removing it, only applies after 24 hours, so a decision made in the moment has time to cool. An order that would take you over your limit is refused, and we tell you how much you have left.",
  },
  {
    title: "Take a break",
    text: "Pause your account for 1 week or 1 month. Until it ends you cannot enter competitions or buy tickets, and we send you no marketing. You can make a break longer, but it cannot be shortened or lifted early.",
  },
  {
    title: "Self-exclusion",
    text: "For a longer stop, self-exclude for 6 months, 1 year or 5 years. It works like a break, and it cannot be lifted early by you or by us, however you ask.",
  },
  {
    title: "Close your account",
    text: "Closing your account signs you out on every device and ends your use of it for entering competitions.",
  },
];

const safeguards = [
  "Entries are for people aged 18 or over. We ask for your date of birth before your first entry, paid or by post.",
  "Credit card spending is capped at £250 a month, and credit cards cannot be used for instant-win competitions.",
  "Our team looks out for signs of harm, such as repeated limit rises or sudden jumps in spending, and may get in touch or pause an account.",
];

/** How limits, breaks, self-exclusion and closure work (COMPLIANCE 1.4, 1.5). */
export function SaferPlayTools() {
  return (
    <section aria-labelledby="tools-heading">
      <h2 id="tools-heading" className="text-2xl font-bold sm:text-3xl">
        Tools in your account
      </h2>
      <p className="mt-2 text-stone-700">You'll find all of these under Spending Limits in My Account.</p>
      <ul className="mt-5 grid gap-4 md:grid-cols-2">
        {tools.map((tool) => (
          <li key={tool.title}>
            <Card className="h-full">
              <h3 className="font-sans text-lg font-bold text-field-900">{tool.title}</h3>
              <p className="mt-2 text-stone-700">{tool.text}</p>
            </Card>
          </li>
        ))}
      </ul>
      <ButtonLink to="/account?tab=limits" className="mt-5">
        Go to my spending limits
      </ButtonLink>
      <h3 className="mt-8 font-sans text-lg font-bold text-field-900">Safeguards for everyone</h3>
      <ul className="mt-2 ml-5 flex list-disc flex-col gap-1.5 text-stone-800">
        {safeguards.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </section>
  );
}
