import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { TicketIcon, TrophyIcon } from "../ui/icons";

/** My Entries before the first entry. */
export function NoEntries() {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <TicketIcon className="size-10 text-field-600" />
      <h2 className="font-sans text-lg font-bold text-field-900">No entries yet</h2>
      <p className="max-w-md text-stone-700">When you enter a competition, your tickets and their numbers will appear here.</p>
      <ButtonLink to="/" className="mt-2">
        Browse competitions
      </ButtonLink>
    </Card>
  );
}

/** My Wins before the first win: a nudge to keep going. */
export function NoWins() {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <TrophyIcon className="size-10 text-wheat-600" />
      <h2 className="font-sans text-lg font-bold text-field-900">No wins yet</h2>
      <p className="max-w-md text-stone-700">
        Every Monday draw is a fresh chance. Keep entering and your first win could be just around the corner. Good luck!
      </p>
    </Card>
  );
}
