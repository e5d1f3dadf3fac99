import { longDate } from "../competition/draw-date";
import { Card } from "../ui/card";
import type { DrawStage } from "./draw-types";

/** Before the draw: what is public now, and what will be published next and when. */
export function DrawSchedule({ stage, drawDate }: { stage: DrawStage; drawDate: string }) {
  if (stage === "drawn") return null;
  const items = [
    { done: true, label: "Now", text: "The commitment: the fingerprint of the secret seed, fixed since the competition opened." },
    {
      done: stage === "frozen",
      label: "When sales close (at the closing date, or sooner if every ticket sells)",
      text: "The pool (every ticket number, with names masked), the pool size and the pool hash, published before the draw runs.",
    },
    {
      done: false,
      label: `At the draw, ${longDate(drawDate)}`,
      text: "The seed itself, and each winner's place in the pool, ticket number and name. A Verify button then lets you check it all in your browser.",
    },
  ];
  return (
    <Card>
      <h2 className="text-2xl font-bold">What will be published, and when</h2>
      <ol className="mt-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.label} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`mt-1 inline-flex size-5 shrink-0 rounded-full border-2 ${item.done ? "border-field-600 bg-field-600" : "border-stone-400 bg-white"}`}
            />
            <div>
              <p className="font-semibold text-field-900">
                {item.label}
                {item.done ? <span className="ml-2 text-sm font-medium text-field-700">(published)</span> : null}
              </p>
              <p className="text-stone-700">{item.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
