import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { Card } from "../../ui/card";
import { PostalEntriesTable } from "./postal-entries-table";
import { PostalEntryForm } from "./postal-entry-form";

/** Why no postal entry can be recorded now, or null when one can. */
function closedReason(c: AdminCompetition): string | null {
  if (!c.allowPostalEntry) return "This competition does not take postal entries. Allow them in the campaign's Postal Entry tab.";
  if (c.status !== "active" || Date.parse(c.endDate) <= Date.now()) return "Sales have closed for this competition, so postal entries can no longer be added.";
  return null;
}

/** The free entry route: record a card that arrived, and the cards recorded so far. */
export function PostalEntriesSection({ competition: c }: { competition: AdminCompetition }) {
  const closed = closedReason(c);
  return (
    <section aria-labelledby="postal-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="postal-heading" className="text-2xl font-bold">
          Postal entries
        </h2>
        <p className="mt-1 text-stone-700">Each free postal entry gets one ticket in the same pool as paid entries, and a confirmation email.</p>
      </div>
      <Card>
        <h3 className="mb-4 font-sans text-lg font-bold text-field-900">Record postal entry</h3>
        {closed ? <p className="rounded-xl bg-cream-100 px-4 py-3 text-stone-800">{closed}</p> : <PostalEntryForm competition={c} />}
      </Card>
      <div>
        <h3 className="mb-3 font-sans text-lg font-bold text-field-900">Recorded postal entries</h3>
        <PostalEntriesTable competitionId={c.id} />
      </div>
    </section>
  );
}
