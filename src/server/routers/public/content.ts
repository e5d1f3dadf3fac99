import { z } from "zod";
import { aboutPage, category, heroSlide, mediaSettings, popup, popupsQuery, publicWinner, statistics, winnersQuery } from "../../../shared/schemas/content";
import * as content from "../../services/content/storefront";
import { listPopupsForPage } from "../../services/content/popups";
import { publicProcedure, router } from "../../trpc/procedures";

export const contentRouter = router({
  winners: publicProcedure
    .meta({ openapi: { method: "GET", path: "/winners", tags: ["content"], summary: "Winners, newest first" }, cache: "public" })
    .input(winnersQuery)
    .output(z.array(publicWinner))
    .query(({ ctx, input }) => content.listWinners(ctx.db, input?.limit)),

  heroSlides: publicProcedure
    .meta({ openapi: { method: "GET", path: "/hero-slides/active", tags: ["content"], summary: "Active hero slides in order" }, cache: "public" })
    .input(z.void())
    .output(z.array(heroSlide))
    .query(({ ctx }) => content.listActiveHeroSlides(ctx.db)),

  statistics: publicProcedure
    .meta({ openapi: { method: "GET", path: "/statistics", tags: ["content"], summary: "Site statistics" }, cache: "public" })
    .input(z.void())
    .output(statistics)
    .query(({ ctx }) => content.getStatistics(ctx.db)),

  winnersDisplayCount: publicProcedure
    .meta({
      openapi: { method: "GET", path: "/settings/winners_display_count", tags: ["content"], summary: "How many winners the home page shows" },
      cache: "public",
    })
    .input(z.void())
    .output(z.object({ key: z.literal("winners_display_count"), value: z.string() }))
    .query(({ ctx }) => content.getPublicSetting(ctx.db, "winners_display_count")),

  about: publicProcedure
    .meta({ openapi: { method: "GET", path: "/about-page", tags: ["content"], summary: "About page content, or null" }, cache: "public" })
    .input(z.void())
    .output(aboutPage.nullable())
    .query(({ ctx }) => content.getAboutPage(ctx.db)),

  categories: publicProcedure
    .meta({ openapi: { method: "GET", path: "/categories", tags: ["content"], summary: "Active categories" }, cache: "public" })
    .input(z.void())
    .output(z.array(category))
    .query(({ ctx }) => content.listActiveCategories(ctx.db)),

  mediaSettings: publicProcedure
    .meta({ openapi: { method: "GET", path: "/media-settings", tags: ["content"], summary: "Upload limits" }, cache: "public" })
    .input(z.void())
    .output(mediaSettings)
    .query(({ ctx }) => content.getMediaSettings(ctx.db)),

  popups: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/popups",
        tags: ["content"],
        summary: "Pop-ups for a page",
        description:
          "Active pop-ups for `page`, plus generated last-chance and (for the signed-in caller) targeted ones. A userId other than the caller's is ignored.",
      },
    })
    .input(popupsQuery)
    .output(z.array(popup))
    .query(({ ctx, input }) => listPopupsForPage(ctx.db, input.page, ctx.user?.id ?? null, ctx.now())),

  shopMode: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/shop-mode",
        tags: ["content"],
        summary: "Whether this is a demo shop",
        description: "`demo` is true while payments are simulated: no real money is taken, and only the documented test cards are meaningful.",
      },
      cache: "public",
    })
    .input(z.void())
    .output(z.object({ demo: z.boolean() }))
    .query(({ ctx }) => ({ demo: ctx.services.payments.name === "simulated" })),
});
