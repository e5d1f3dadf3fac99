import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { competitionPhase } from "../../../shared/competition-phase";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { usePassed } from "../../hooks/use-countdown";
import { useNow } from "../../lib/render-context";
import { useSuspension } from "../../hooks/use-limits";
import { SuspensionNotice } from "../protection/suspension-notice";
import { Card } from "../ui/card";
import { TicketIcon } from "../ui/icons";
import { longDate } from "./draw-date";
import { EntryForm } from "./entry-form";

export type EntryAvailability = "open" | "sold-out" | "not-started" | "ended";

/** Whether tickets can be bought now; re-evaluated as the end-date countdown reaches zero. */
export function useEntryAvailability(c: PublicCompetition): EntryAvailability {
  const ended = usePassed(c.endDate);
  const now = useNow();
  if (c.soldOut) return "sold-out";
  if (ended || competitionPhase(c) !== "Active") return "ended";
  if (Date.parse(c.startDate) > now) return "not-started";
  return "open";
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="text-center">
      <h2 className="text-2xl font-bold">{title}</h2>
      <p className="mt-2 text-stone-700">{children}</p>
    </Card>
  );
}

/** The entry form while entries are open, otherwise a plain explanation of why not. */
export function BuyBox({ competition, availability }: { competition: PublicCompetition; availability: EntryAvailability }) {
  const suspension = useSuspension();
  if (availability === "sold-out") {
    return (
      <Notice title="Sold Out">
        Every ticket has been sold. The draw still goes ahead live on {longDate(competition.drawDate)}, as all our draws happen regardless of sellout.
      </Notice>
    );
  }
  if (availability === "ended" && competition.status === "drawn") {
    return (
      <Notice title="Entries Closed">
        This competition has been drawn.{" "}
        <Link to={`/competition/${competition.id}/draw`} className="font-semibold text-field-700 underline underline-offset-4">
          See the winner and verify the draw
        </Link>
        .
      </Notice>
    );
  }
  if (availability === "ended") {
    return <Notice title="Entries Closed">This competition is no longer taking entries. Take a look at our other competitions.</Notice>;
  }
  if (availability === "not-started") {
    return <Notice title="Opening Soon">Entries open on {longDate(competition.startDate)}.</Notice>;
  }
  if (suspension) return <SuspensionNotice suspension={suspension} />;
  return (
    // With a number grid, the card is edge to edge on a phone, so ten columns of numbers fit (see number-picker.tsx).
    <Card className={competition.pickNumbers ? "max-sm:-mx-4 max-sm:rounded-none max-sm:border-x-0" : undefined}>
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <TicketIcon className="size-6 text-wheat-600" />
        Enter This Competition
      </h2>
      <p className="mb-5 mt-1 text-stone-700">
        {competition.pickNumbers ? "Answer the question, choose your numbers and pay securely." : "Answer the question, choose your entries and pay securely."}
      </p>
      <EntryForm competition={competition} />
    </Card>
  );
}
