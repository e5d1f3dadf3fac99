import { z } from "zod";
import {
  aboutPageSave,
  adminWinner,
  categoryInput,
  categoryUpdate,
  heroSlideInput,
  heroSlideUpdate,
  popupInput,
  popupUpdate,
  winnerInput,
  winnerUpdate,
} from "../../../shared/schemas/admin";
import { byId, successResult } from "../../../shared/schemas/common";
import { aboutPage, category, heroSlide, popup } from "../../../shared/schemas/content";
import * as admin from "../../services/content/manage";
import { getAboutPage } from "../../services/content/storefront";
import { adminProcedure, router } from "../../trpc/procedures";

export const heroSlidesRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/hero-slides", tags: ["admin"], summary: "Every hero slide in order" } })
    .input(z.void())
    .output(z.array(heroSlide))
    .query(({ ctx }) => admin.listHeroSlides(ctx.db)),
  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/hero-slides", tags: ["admin"], summary: "Create a hero slide" } })
    .input(heroSlideInput)
    .output(heroSlide)
    .mutation(({ ctx, input }) => admin.createHeroSlide(ctx.db, ctx.actor, input)),
  update: adminProcedure
    .meta({ openapi: { method: "PATCH", path: "/hero-slides/{id}", tags: ["admin"], summary: "Update a hero slide (any fields, e.g. only order)" } })
    .input(heroSlideUpdate)
    .output(heroSlide)
    .mutation(({ ctx, input: { id: slideId, ...fields } }) => admin.updateHeroSlide(ctx.db, ctx.actor, slideId, fields)),
  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/hero-slides/{id}", tags: ["admin"], summary: "Delete a hero slide" } })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => admin.deleteHeroSlide(ctx.db, ctx.actor, input.id)),
});

export const categoriesRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/categories", tags: ["admin"], summary: "Every category" } })
    .input(z.void())
    .output(z.array(category))
    .query(({ ctx }) => admin.listCategories(ctx.db)),
  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/categories", tags: ["admin"], summary: "Create a category" } })
    .input(categoryInput)
    .output(category)
    .mutation(({ ctx, input }) => admin.createCategory(ctx.db, ctx.actor, input)),
  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/categories/{id}", tags: ["admin"], summary: "Update a category" } })
    .input(categoryUpdate)
    .output(category)
    .mutation(({ ctx, input: { id: categoryId, ...fields } }) => admin.updateCategory(ctx.db, ctx.actor, categoryId, fields)),
  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/categories/{id}", tags: ["admin"], summary: "Delete a category" } })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => admin.deleteCategory(ctx.db, ctx.actor, input.id)),
});

export const popupsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/popups", tags: ["admin"], summary: "Every pop-up" } })
    .input(z.void())
    .output(z.array(popup))
    .query(({ ctx }) => admin.listPopups(ctx.db)),
  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/popups", tags: ["admin"], summary: "Create a pop-up" } })
    .input(popupInput)
    .output(popup)
    .mutation(({ ctx, input }) => admin.createPopup(ctx.db, ctx.actor, input)),
  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/popups/{id}", tags: ["admin"], summary: "Update a pop-up" } })
    .input(popupUpdate)
    .output(popup)
    .mutation(({ ctx, input: { id: popupId, ...fields } }) => admin.updatePopup(ctx.db, ctx.actor, popupId, fields)),
  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/popups/{id}", tags: ["admin"], summary: "Delete a pop-up" } })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => admin.deletePopup(ctx.db, ctx.actor, input.id)),
});

export const aboutRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/about-page", tags: ["admin"], summary: "About page content for editing" } })
    .input(z.void())
    .output(aboutPage.nullable())
    .query(({ ctx }) => getAboutPage(ctx.db)),
  save: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/about-page", tags: ["admin"], summary: "Replace the About page content" } })
    .input(aboutPageSave)
    .output(aboutPage)
    .mutation(({ ctx, input }) => admin.saveAboutPage(ctx.db, ctx.actor, input)),
});

export const winnersRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/winners", tags: ["admin"], summary: "Every winner" } })
    .input(z.void())
    .output(z.array(adminWinner))
    .query(({ ctx }) => admin.listAdminWinners(ctx.db)),
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/winners",
        tags: ["admin"],
        summary: "Add a winner by hand (labelled manual)",
        description: "With ticketNumber (a paid or postal ticket of that competition), the winner is linked to its entry and their prize claim opens.",
      },
    })
    .input(winnerInput)
    .output(adminWinner)
    .mutation(({ ctx, input }) => admin.createWinner(ctx.db, ctx.actor, input, { now: ctx.now(), origin: ctx.origin })),
  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/winners/{id}", tags: ["admin"], summary: "Update a winner" } })
    .input(winnerUpdate)
    .output(adminWinner)
    .mutation(({ ctx, input: { id: winnerId, ...fields } }) => admin.updateWinner(ctx.db, ctx.actor, winnerId, fields)),
  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/winners/{id}", tags: ["admin"], summary: "Delete a winner" } })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => admin.deleteWinner(ctx.db, ctx.actor, input.id)),
});
