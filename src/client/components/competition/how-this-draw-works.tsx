import { Link } from "react-router-dom";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { HashValue } from "../draw/hash-value";
import { Card } from "../ui/card";
import { ArrowRightIcon, CheckCircleIcon } from "../ui/icons";
import { longDate } from "./draw-date";

type DrawInfo = Pick<PublicCompetition, "id" | "status" | "commitment" | "numberOfWinners" | "drawDate" | "allowPostalEntry" | "instantWin">;

/** COMPLIANCE 2.1–2.2: chance only, when it is drawn, the published commitment and equal chances. */
export function HowThisDrawWorks({ competition: c }: { competition: DrawInfo }) {
  const winners = c.numberOfWinners === 1 ? "One winner is" : `${c.numberOfWinners} winners are`;
  const points = [
    `${winners} chosen at random from every ticket in the draw: chance alone decides, not skill or how quickly you entered.`,
    c.status === "drawn"
      ? `We hold live draws every Monday evening on our social video page. This one was drawn on ${longDate(c.drawDate)}.`
      : `We hold live draws every Monday evening on our social video page. This one is drawn on ${longDate(c.drawDate)}, whether or not every ticket sells.`,
    c.allowPostalEntry
      ? "Paid entries and free postal entries go into the same pool and have exactly the same chance of winning."
      : "Every ticket in the pool has exactly the same chance of winning.",
    ...(c.instantWin
      ? [
          "Some ticket numbers also win instant prizes. They were chosen at random before the first ticket was sold and published as fingerprints, so they cannot be moved; a paid or postal ticket on one wins at once. Each is revealed when won, and all of them when sales close, for anyone to check. Our staff cannot enter.",
        ]
      : []),
  ];
  return (
    <Card>
      <section aria-labelledby="how-draw-heading">
        <h2 id="how-draw-heading" className="text-2xl font-bold">
          How this draw works
        </h2>
        <ul className="mt-3 flex flex-col gap-2">
          {points.map((point) => (
            <li key={point} className="flex gap-2 text-stone-800">
              <CheckCircleIcon className="mt-1 size-4 shrink-0 text-field-600" />
              <span>{point}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 rounded-xl bg-cream-100 p-4">
          <p className="text-sm font-semibold text-field-900">Our commitment for this draw</p>
          <p className="mb-2 text-sm text-stone-700">
            Before sales opened we fixed a secret random seed and published its SHA-256 fingerprint below. After the draw we reveal the seed, so anyone can
            check the winners were picked fairly.
          </p>
          <HashValue value={c.commitment} />
        </div>
        <Link
          to={`/competition/${c.id}/draw`}
          className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
        >
          Draw record
          <ArrowRightIcon className="size-4" />
        </Link>
      </section>
    </Card>
  );
}
