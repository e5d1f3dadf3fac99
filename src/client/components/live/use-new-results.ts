import { useEffect, useRef, useState } from "react";
import type { LiveCompetition } from "../../../shared/schemas/live";

function resultText(c: LiveCompetition): string {
  if (c.winners.length === 0) return `${c.title} has been drawn: there were no tickets in the pool.`;
  const winners = c.winners.map((w) => `ticket ${w.ticketNumber}, ${w.displayName}`).join("; ");
  return `${c.title} has been drawn. ${c.winners.length === 1 ? "Winning ticket" : "Winning tickets"}: ${winners}.`;
}

/**
 * Results drawn while the page is open (not those already drawn when it loaded): their ids, to
 * highlight them, and a sentence about the latest for an aria-live region.
 */
export function useNewResults(competitions: LiveCompetition[] | undefined): { fresh: ReadonlySet<string>; announcement: string } {
  const known = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (!competitions) return;
    const drawn = competitions.filter((c) => c.drawnAt);
    if (known.current === null) {
      known.current = new Set(drawn.map((c) => c.id));
      return;
    }
    const seen = known.current;
    const arrived = drawn.filter((c) => !seen.has(c.id));
    if (arrived.length === 0) return;
    for (const c of arrived) seen.add(c.id);
    setFresh((prev) => new Set([...prev, ...arrived.map((c) => c.id)]));
    setAnnouncement(arrived.map(resultText).join(" "));
  }, [competitions]);

  return { fresh, announcement };
}
