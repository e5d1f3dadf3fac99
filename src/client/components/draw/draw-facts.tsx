import type { ReactNode } from "react";
import { longDate } from "../competition/draw-date";
import { Card } from "../ui/card";
import type { DrawRecordView } from "./draw-types";
import { HashValue } from "./hash-value";
import { formatCount } from "../../lib/numbers";

function Fact({ term, help, children }: { term: string; help?: string; children: ReactNode }) {
  return (
    <div className="border-b border-cream-200 py-3 last:border-b-0">
      <dt className="font-semibold text-field-900">{term}</dt>
      {help ? <dd className="text-sm text-stone-600">{help}</dd> : null}
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

const pending = (text: string) => <span className="text-stone-600 italic">{text}</span>;

/** The published values: commitment, pool size and hash, beacon, seed and the timestamps. */
export function DrawFacts({ record }: { record: DrawRecordView }) {
  return (
    <Card>
      <h2 className="text-2xl font-bold">Published values</h2>
      <dl className="mt-2">
        <Fact term="Commitment" help="SHA-256 of the secret seed, published from the first day of sales.">
          <HashValue value={record.commitment} />
        </Fact>
        <Fact term="Pool size" help="Tickets in the draw, paid and free postal entries together.">
          {record.poolSize === null ? (
            pending("Published when sales close")
          ) : (
            <span className="font-semibold tabular-nums">{formatCount(record.poolSize)}</span>
          )}
        </Fact>
        <Fact term="Pool hash" help="SHA-256 of the ticket numbers in ascending order, one per line.">
          {record.poolHash ? <HashValue value={record.poolHash} /> : pending("Published when sales close")}
        </Fact>
        {record.beacon ? (
          <Fact term="Beacon" help="A public random value fixed before sales closed, mixed into every pick.">
            <HashValue value={record.beacon} />
          </Fact>
        ) : null}
        <Fact term="Seed" help="The secret behind the commitment, revealed after the draw.">
          {record.seed ? <HashValue value={record.seed} /> : pending("Revealed at the draw")}
        </Fact>
        <Fact term="Number of winners">
          <span className="font-semibold tabular-nums">{record.numberOfWinners}</span>
        </Fact>
        <Fact term="Sales closed">{record.closedAt ? <time dateTime={record.closedAt}>{longDate(record.closedAt)}</time> : pending("Not yet")}</Fact>
        <Fact term="Drawn">
          {record.drawnAt ? <time dateTime={record.drawnAt}>{longDate(record.drawnAt)}</time> : pending(`Due ${longDate(record.drawDate)}`)}
        </Fact>
      </dl>
    </Card>
  );
}
