import { and, desc, eq, gt, isNull, lte, notExists, or } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { competitionViews, competitions, entries, popups } from "../../../../db/schema";
import type { Popup } from "../../../shared/schemas/content";
import { competitionsEndingWithin } from "./storefront";

const DAY = 24 * 60 * 60 * 1000;

export function toPopup(p: typeof popups.$inferSelect): Popup {
  return {
    ...p,
    startDate: p.startDate?.toISOString() ?? null,
    endDate: p.endDate?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** "*" matches everything, "/competition/*" every competition page, anything else exactly. No pages means every page. */
export function pageMatches(displayPages: string[], page: string): boolean {
  if (displayPages.length === 0) return true;
  return displayPages.some((pattern) => {
    if (pattern === "*") return true;
    if (pattern.endsWith("/*")) return page.startsWith(pattern.slice(0, -1));
    return pattern === page;
  });
}

/**
 * The pop-ups for a page: the admin's active ones within their dates, plus generated ones — a
 * "last chance" prompt for the competition closing soonest (within a day) and, for a signed-in
 * visitor, one for a competition they looked at but have not entered.
 */
export async function listPopupsForPage(db: Db, page: string, userId: string | null, now = new Date()): Promise<Popup[]> {
  const managed = (
    await db
      .select()
      .from(popups)
      .where(and(eq(popups.isActive, true), or(isNull(popups.startDate), lte(popups.startDate, now)), or(isNull(popups.endDate), gt(popups.endDate, now))))
      .orderBy(desc(popups.priority))
  )
    .map(toPopup)
    .filter((p) => pageMatches(p.displayPages, page));

  const generated: Popup[] = [];
  if (page === "/" || page === "/competitions") {
    const soon = (await competitionsEndingWithin(db, now, DAY))[0];
    if (soon) {
      generated.push(
        generatedPopup(
          `dynamic-last-chance-${soon.id}`,
          `Last chance: ${soon.title}`,
          "Entries close within 24 hours. Don't miss out!",
          soon.image,
          "Enter Now",
          soon.id,
          now,
          page,
        ),
      );
    }
  }
  if (userId && page === "/") {
    const viewed = await first(
      db
        .select({ id: competitions.id, title: competitions.title, image: competitions.image })
        .from(competitionViews)
        .innerJoin(competitions, eq(competitionViews.competitionId, competitions.id))
        .where(
          and(
            eq(competitionViews.userId, userId),
            gt(competitionViews.viewedAt, new Date(now.getTime() - 7 * DAY)),
            eq(competitions.status, "active"),
            gt(competitions.endDate, now),
            notExists(
              db
                .select({ one: entries.id })
                .from(entries)
                .where(and(eq(entries.competitionId, competitions.id), eq(entries.userId, userId))),
            ),
          ),
        )
        .orderBy(desc(competitionViews.viewedAt))
        .limit(1),
    );
    if (viewed) {
      generated.push(
        generatedPopup(
          `targeted-${viewed.id}`,
          `Still thinking about the ${viewed.title}?`,
          "You looked at this prize recently. Tickets are still available.",
          viewed.image,
          "Take another look",
          viewed.id,
          now,
          page,
        ),
      );
    }
  }
  return [...managed, ...generated].sort((a, b) => b.priority - a.priority);
}

function generatedPopup(id: string, title: string, description: string, image: string, ctaText: string, competitionId: string, now: Date, page: string): Popup {
  return {
    id,
    title,
    description,
    image,
    ctaText,
    ctaLink: `/competition/${competitionId}`,
    displayPages: [page],
    isActive: true,
    displayDelay: 4000,
    showFrequency: "once_per_session",
    priority: 2,
    startDate: null,
    endDate: null,
    createdAt: now.toISOString(),
  };
}
