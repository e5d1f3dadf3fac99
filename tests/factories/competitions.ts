import { first, type Db } from "../../db/client";
import { competitions, type Competition } from "../../db/schema";

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

export async function createCompetition(db: Db, overrides: Partial<typeof competitions.$inferInsert> = {}): Promise<Competition> {
  n += 1;
  const now = Date.now();
  const created = await first(
    db
      .insert(competitions)
      .values({
        title: `Test Prize ${n}`,
        description: "A prize for testing",
        image: "/images/tractor.svg",
        category: "Farm Machinery",
        pricePence: 250,
        startDate: new Date(now - DAY),
        endDate: new Date(now + 7 * DAY),
        drawDate: new Date(now + 8 * DAY),
        maxTickets: 1000,
        qualifyingQuestion: "What colour is grass?",
        qualifyingAnswer: "Green",
        postalAddress: "PO Box 1\nLincoln",
        ...overrides,
      })
      .returning(),
  );
  return created!;
}

/** A valid admin campaign payload (POST/PUT /api/admin/competitions), open now, with a question. */
export function campaignPayload(over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: "Admin Test Baler",
    description: "A round baler",
    image: "/images/tractor.svg",
    category: "Farm Machinery",
    price: "3.50",
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + 5 * DAY).toISOString(),
    drawDate: new Date(now + 6 * DAY).toISOString(),
    maxTickets: 500,
    qualifyingQuestion: "How many sides has a square?",
    qualifyingAnswer: "Four",
    allowPostalEntry: true,
    postalAddress: "PO Box 9\nYork",
    ...over,
  };
}
