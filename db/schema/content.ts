import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";

export const POPUP_FREQUENCIES = ["once_per_session", "once_per_day", "always"] as const;

/** A single row (id 1). */
export const statistics = sqliteTable("statistics", {
  id: integer("id").primaryKey(),
  totalWinners: integer("total_winners").notNull().default(0),
  /** Integer pence; shown as a decimal(15,2) string. */
  totalPrizeValuePence: integer("total_prize_value_pence").notNull().default(0),
  totalFollowers: integer("total_followers").notNull().default(0),
  /** "manual": the figures above as the operator typed them; "computed": winners and prize value from the shop's own records (followers stay typed). */
  source: text("source", { enum: ["manual", "computed"] })
    .notNull()
    .default("manual"),
  updatedAt: updatedAt(),
});

export const heroSlides = sqliteTable("hero_slides", {
  id: id(),
  title: text("title").notNull(),
  subtitle: text("subtitle"),
  description: text("description"),
  image: text("image").notNull(),
  ctaText: text("cta_text").notNull(),
  ctaLink: text("cta_link").notNull(),
  isActive: flag("is_active", true),
  order: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  description: text("description"),
  category: text("category").notNull().default("general"),
  updatedAt: updatedAt(),
});

export const popups = sqliteTable("popups", {
  id: id(),
  title: text("title").notNull(),
  description: text("description"),
  image: text("image"),
  ctaText: text("cta_text").notNull(),
  ctaLink: text("cta_link").notNull(),
  displayPages: text("display_pages", { mode: "json" }).$type<string[]>().notNull().default([]),
  isActive: flag("is_active", true),
  displayDelay: integer("display_delay").notNull().default(3000),
  showFrequency: text("show_frequency", { enum: POPUP_FREQUENCIES }).notNull().default("once_per_session"),
  priority: integer("priority").notNull().default(1),
  startDate: timestamp("start_date"),
  endDate: timestamp("end_date"),
  createdAt: createdAt(),
});

/** A single row (id 1). */
export const aboutPage = sqliteTable("about_page", {
  id: integer("id").primaryKey(),
  heroTitle: text("hero_title").notNull(),
  heroSubtitle: text("hero_subtitle").notNull(),
  mainImage: text("main_image").notNull(),
  mainImageAlt: text("main_image_alt").notNull(),
  contentParagraphs: text("content_paragraphs", { mode: "json" }).$type<string[]>().notNull(),
  feature1Title: text("feature1_title").notNull(),
  feature1Description: text("feature1_description").notNull(),
  feature1Icon: text("feature1_icon").notNull().default("quality"),
  feature2Title: text("feature2_title").notNull(),
  feature2Description: text("feature2_description").notNull(),
  feature2Icon: text("feature2_icon").notNull().default("transparency"),
  feature3Title: text("feature3_title").notNull(),
  feature3Description: text("feature3_description").notNull(),
  feature3Icon: text("feature3_icon").notNull().default("community"),
  updatedAt: updatedAt(),
});

export const contactMessages = sqliteTable("contact_messages", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  /** "message", or "complaint" with a reference, a status and a response deadline. */
  kind: text("kind", { enum: ["message", "complaint"] })
    .notNull()
    .default("message"),
  reference: text("reference").unique(),
  status: text("status", { enum: ["open", "answered", "closed"] })
    .notNull()
    .default("open"),
  responseDueAt: timestamp("response_due_at"),
  notes: text("notes", { mode: "json" }).$type<Array<{ at: string; by: string; text: string }>>().notNull().default([]),
  createdAt: createdAt(),
});

/** Mail waits here until it is sent; without SMTP it stays here for admins to read. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    /** The address when it was queued; for mail about an account, where it went once sent (see userId). */
    to: text("to").notNull(),
    /**
     * The account a mail about an order, entry, prize or claim belongs to: the worker sends it to the
     * account's email as it is then, so a changed and confirmed address is the one that hears. Null for
     * a guest's mail and for mail to one particular address (links, notices), which keep `to`. No
     * foreign key: the sale queues its confirmation in its own write, and this costs it only a column.
     */
    userId: text("user_id"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Which template wrote it (order_confirmation, password_reset…), for the admin's view and previews. */
    kind: text("kind"),
    /** Extra headers, such as List-Unsubscribe on marketing mail. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** A template's data, for mail queued without its HTML (the order confirmation): the worker renders it when it sends. */
    data: text("data", { mode: "json" }).$type<unknown>(),
    /** After a failed attempt the worker waits (backing off) until this time before trying again. */
    nextAttemptAt: timestamp("next_attempt_at"),
    status: text("status", { enum: ["queued", "sent", "failed", "stored"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  // Only mail not yet sent (a handful while SMTP works): the worker's next batch and the health
  // check's counts read it without scanning every message ever sent. Queries name UNSENT to use it.
  (t) => [
    index("mail_outbox_unsent_idx")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} <> 'sent'`),
  ],
);

export type HeroSlide = typeof heroSlides.$inferSelect;
export type Setting = typeof settings.$inferSelect;
export type Popup = typeof popups.$inferSelect;
export type AboutPage = typeof aboutPage.$inferSelect;
