import type { z } from "zod";
import { formatLondonDate, formatLondonDayTime } from "../../shared/london-time";
import { formatPrice } from "../../shared/money";
import { competitionPhase } from "../../shared/competition-phase";
import type { PublicCompetition } from "../../shared/schemas/competition";
import type { drawRecord } from "../../shared/schemas/draws";
import { cutText, plainText } from "./plain-text";

/*
 * What a shared competition link says about it: whether it can be entered and until when, or that
 * it has closed or been drawn (and the winning ticket), then the prize in the admin's own words. The
 * facts come first, so the cut for length only ever shortens the prize text.
 */

export type DrawRecord = z.infer<typeof drawRecord>;

/** Where a competition stands for a buyer, as its page's entry box decides it (buy-box.tsx). */
export type SaleState = "on-sale" | "not-started" | "sold-out" | "closed" | "drawn";

export function saleState(c: PublicCompetition, now: Date): SaleState {
  if (c.status === "drawn") return "drawn";
  if (c.soldOut) return "sold-out";
  if (competitionPhase(c, now) !== "Active" || now.getTime() > Date.parse(c.endDate)) return "closed";
  if (Date.parse(c.startDate) > now.getTime()) return "not-started";
  return "on-sale";
}

const ukTime = (iso: string) => formatLondonDayTime(new Date(iso));

/** "12, 345 and 678"; "12, 345, 678 and 4 more" past three. */
function listTickets(numbers: string[]): string {
  const shown = numbers.slice(0, 3);
  const more = numbers.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : (shown[0] ?? "");
}

/** The sentence that says where the competition stands, with the price while it can still be bought. */
export function competitionFacts(c: PublicCompetition, record: DrawRecord | null, now: Date): string {
  const price = `${formatPrice(c.price)} per entry`;
  switch (saleState(c, now)) {
    case "on-sale":
      return `${price}. Entries close ${ukTime(c.endDate)} (UK time).`;
    case "not-started":
      return `Opening soon: ${price}. Entries open ${ukTime(c.startDate)} and close ${ukTime(c.endDate)} (UK time).`;
    case "sold-out":
      return Date.parse(c.drawDate) <= now.getTime() ? "Sold out; drawing soon." : `Sold out. The live draw is on ${ukTime(c.drawDate)} (UK time).`;
    case "closed": {
      const ended = Date.parse(c.endDate) <= now.getTime() ? `Entries closed ${ukTime(c.endDate)}` : "Entries closed";
      return Date.parse(c.drawDate) <= now.getTime() ? `${ended} (UK time); drawing soon.` : `${ended}; draw on ${ukTime(c.drawDate)} (UK time).`;
    }
    case "drawn": {
      const drawnOn = `Drawn on ${formatLondonDate(new Date(record?.drawnAt ?? c.drawDate))}`;
      const tickets = [...(record?.winners ?? [])].sort((a, b) => a.k - b.k).map((w) => w.ticketNumber);
      if (tickets.length === 0) return `${drawnOn}.`;
      return `${drawnOn} — winning ticket${tickets.length > 1 ? "s" : ""} ${listTickets(tickets)}.`;
    }
  }
}

/** The preview's description: the facts, then the prize as plain text, cut to fit. */
export function competitionDescription(c: PublicCompetition, record: DrawRecord | null, now: Date): string {
  const prize = plainText(c.description);
  return cutText(prize ? `${competitionFacts(c, record, now)} ${prize}` : competitionFacts(c, record, now));
}

/** A draw record's description: where the draw stands, then what the record lets anyone check. */
export function drawRecordDescription(record: DrawRecord): string {
  if (record.seed) {
    const tickets = [...record.winners].sort((a, b) => a.k - b.k).map((w) => w.ticketNumber);
    const drawnOn = `Drawn on ${formatLondonDate(new Date(record.drawnAt ?? record.drawDate))}`;
    const result = tickets.length ? `${drawnOn} — winning ticket${tickets.length > 1 ? "s" : ""} ${listTickets(tickets)}.` : `${drawnOn}.`;
    return cutText(`${result} The seed, the pool of tickets and the winners are published here, so anyone can check the draw was fair.`);
  }
  if (record.poolHash) {
    return cutText(
      `Sales have closed and the pool of tickets is frozen. The draw is on ${ukTime(record.drawDate)} (UK time); its seed was fixed before sales opened.`,
    );
  }
  return cutText(
    `The draw is on ${ukTime(record.drawDate)} (UK time). Its secret seed was fixed and its fingerprint published before sales opened, so anyone can check the draw afterwards.`,
  );
}
