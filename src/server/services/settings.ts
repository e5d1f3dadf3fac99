import { asc, eq } from "drizzle-orm";
import { first, type Db, type Tx } from "../../../db/client";
import { competitions, settings } from "../../../db/schema";
import { DEFAULT_LIVE_DRAW_SCHEDULE, formatLiveSchedule, parseLiveSchedule } from "../../shared/live-schedule";
import { decimalToPence, penceToDecimal } from "../../shared/money";
import { AppError } from "../errors";
import { audited, type Actor } from "./audit";
import { PROMOTION_DEFAULTS } from "../../shared/promotion";
import { streamFor } from "./live-stream";

export interface SettingView {
  key: string;
  value: string;
  description: string | null;
  category: string;
  updatedAt: string;
}

export async function listSettings(db: Db): Promise<SettingView[]> {
  const rows = await db.select().from(settings).orderBy(asc(settings.category), asc(settings.key));
  return rows.map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() }));
}

/** A stored setting, else its default; null only for keys with no default. */
export async function getSetting(db: Tx, key: string): Promise<string | null> {
  return (await db.statements.settingByKey.get({ key }))?.value ?? DEFAULT_SETTINGS.find((s) => s.key === key)?.value ?? null;
}

/** Adds settings introduced since the database was seeded; never changes an existing value. */
export async function ensureDefaultSettings(db: Db): Promise<void> {
  // One statement: each row that is already there is left as it is.
  await db.insert(settings).values(DEFAULT_SETTINGS).onConflictDoNothing();
}

export async function numberSetting(db: Tx, key: string, fallback: number): Promise<number> {
  const n = Number(await getSetting(db, key));
  return Number.isFinite(n) ? n : fallback;
}

/** A referral's reward for either side, at most (a larger sum is a prize, not a thank-you). */
export const MAX_REFERRAL_REWARD_PENCE = 100_00;

export const DEFAULT_SETTINGS: Array<{ key: string; value: string; description: string; category: string }> = [
  { key: "winners_display_count", value: "12", description: "Winners shown on the home page", category: "display" },
  { key: "max_image_size_mb", value: "10", description: "Largest image upload, in MB", category: "media" },
  { key: "max_video_size_mb", value: "300", description: "Largest video upload, in MB", category: "media" },
  { key: "allowed_image_types", value: "jpeg,jpg,png", description: "Image types accepted for upload", category: "media" },
  { key: "allowed_video_types", value: "mp4,webm,quicktime", description: "Video types accepted for upload", category: "media" },
  {
    key: "allow_guest_checkout",
    value: "false",
    description: "Let visitors pay without an account (off: the code of practice's age and limit checks need one)",
    category: "player_protection",
  },
  {
    key: "credit_card_monthly_cap",
    value: "250.00",
    description: "Most a player may pay by credit card in a calendar month (£)",
    category: "player_protection",
  },
  {
    key: "require_verified_email",
    value: "false",
    description: "Customers must confirm their email address before paying (claiming a prize always needs it)",
    category: "player_protection",
  },
  { key: "limit_cooling_off_hours", value: "24", description: "Hours before a raised spending limit applies", category: "player_protection" },
  { key: "minimum_open_hours", value: "24", description: "Shortest time a competition may be open for entries (hours)", category: "player_protection" },
  { key: "harm_spend_30d_threshold", value: "500.00", description: "Spend in 30 days that flags a player for review (£)", category: "player_protection" },
  { key: "harm_orders_per_day", value: "20", description: "Orders in 24 hours that flag a player for review", category: "player_protection" },
  { key: "complaint_response_weeks", value: "8", description: "Weeks within which a complaint must be answered", category: "player_protection" },
  {
    key: "credit_expiry_days",
    value: "0",
    description: "Days after it is added that unspent site credit lapses (0: never). Applies to credit added from then on",
    category: "site_credit",
  },
  { key: "claim_window_days", value: "28", description: "Days a winner has to claim their prize before the claim expires", category: "winners" },
  {
    key: "live_draw_schedule",
    value: DEFAULT_LIVE_DRAW_SCHEDULE,
    description: "Weekday and time of the weekly live draw, UK time (e.g. Monday 20:00)",
    category: "live_draw",
  },
  {
    key: "live_stream_url",
    value: "",
    description: "The YouTube or Facebook video page of the live draw, shown on /live (empty: no stream)",
    category: "live_draw",
  },
  {
    key: "checkout_reminder_hours",
    value: "0",
    description:
      "Hours after a signed-in customer leaves a checkout with items before one reminder mail (0: none). Only to those who opted in to marketing, never during a break, self-exclusion or a used-up limit",
    category: "marketing",
  },
  {
    key: "referrals_enabled",
    value: "false",
    description:
      "Refer a friend: each verified customer has a share link; a friend who signs up through it and pays for a first order earns both of them site credit once its refund window has passed",
    category: "referrals",
  },
  { key: "referral_referrer_reward", value: "5.00", description: "Site credit for the customer whose link was used (£)", category: "referrals" },
  { key: "referral_referred_reward", value: "5.00", description: "Site credit for the friend who joined through the link (£)", category: "referrals" },
  {
    key: "referral_monthly_rewards",
    value: "5",
    description: "Most rewards one customer may earn from referrals in a calendar month (UK time); friends past it earn nothing",
    category: "referrals",
  },
  {
    key: "referral_window_days",
    value: "14",
    description: "Days after the friend's first paid order before the rewards are given (a refund or dispute before then means none)",
    category: "referrals",
  },
  { key: "promotion_enabled", value: "true", description: "Show the promotion dialog on the home page", category: "promotion" },
  { key: "promotion_title", value: PROMOTION_DEFAULTS.title, description: "The promotion dialog's title", category: "promotion" },
  { key: "promotion_text", value: PROMOTION_DEFAULTS.text, description: "The promotion dialog's text", category: "promotion" },
  {
    key: "promotion_competition_id",
    value: "",
    description:
      "The competition the promotion's ENTER NOW opens (empty: the newest instant-win competition on sale; the promotion hides while it is not on sale)",
    category: "promotion",
  },
];

const BOOLEAN_SETTINGS = new Set(["allow_guest_checkout", "require_verified_email", "promotion_enabled", "referrals_enabled"]);
/** Settings that may be cleared. */
const OPTIONAL_SETTINGS = new Set(["live_stream_url", "promotion_competition_id"]);
const TEXT_LIMITS: Record<string, number> = { promotion_title: 120, promotion_text: 500 };

/** Rules for values an admin may set; keys containing size_mb are numbers from 1 to 5000. */
function validateSetting(key: string, value: string): string {
  const v = value.trim();
  if (key.includes("size_mb")) {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 1 || n > 5000) throw new AppError("INVALID_INPUT", "Size must be a number from 1 to 5000 (MB)");
    return String(n);
  }
  if (key === "winners_display_count") {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new AppError("INVALID_INPUT", "Winners to show must be a whole number from 1 to 100");
    return String(n);
  }
  if (OPTIONAL_SETTINGS.has(key) && !v) return "";
  if (BOOLEAN_SETTINGS.has(key)) {
    if (v !== "true" && v !== "false") throw new AppError("INVALID_INPUT", "Use true or false");
    return v;
  }
  if (key.endsWith("_cap") || key.endsWith("_threshold")) {
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) throw new AppError("INVALID_INPUT", "Use an amount in pounds, e.g. 250.00");
    return penceToDecimal(decimalToPence(v) ?? 0);
  }
  if (key === "claim_window_days") {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 7 || n > 365) throw new AppError("INVALID_INPUT", "Use a whole number of days from 7 to 365");
    return String(n);
  }
  if (key === "checkout_reminder_hours") {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > 168) throw new AppError("INVALID_INPUT", "Use a whole number of hours from 0 (no reminder) to 168");
    return String(n);
  }
  if (key === "referral_referrer_reward" || key === "referral_referred_reward") {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(v) || (decimalToPence(v) ?? 0) > MAX_REFERRAL_REWARD_PENCE)
      throw new AppError("INVALID_INPUT", `Use an amount in pounds from 0.00 to ${penceToDecimal(MAX_REFERRAL_REWARD_PENCE)}, e.g. 5.00`);
    return penceToDecimal(decimalToPence(v) ?? 0);
  }
  if (key === "referral_monthly_rewards") {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > 1000) throw new AppError("INVALID_INPUT", "Use a whole number of rewards from 0 to 1000");
    return String(n);
  }
  if (key === "referral_window_days") {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > 90) throw new AppError("INVALID_INPUT", "Use a whole number of days from 0 to 90");
    return String(n);
  }
  if (key === "credit_expiry_days") {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > 3650) throw new AppError("INVALID_INPUT", "Use a whole number of days from 0 (never) to 3650");
    return String(n);
  }
  if (key === "live_draw_schedule") {
    const schedule = parseLiveSchedule(v);
    if (!schedule) throw new AppError("INVALID_INPUT", "Use a weekday and a 24-hour time, e.g. Monday 20:00");
    return formatLiveSchedule(schedule);
  }
  if (key === "live_stream_url") {
    const stream = streamFor(v);
    if (!stream) throw new AppError("INVALID_INPUT", "Use the https address of a YouTube or Facebook video page");
    return stream.url;
  }
  if (TEXT_LIMITS[key] && v.length > TEXT_LIMITS[key]) throw new AppError("INVALID_INPUT", `Use at most ${TEXT_LIMITS[key]} characters`);
  if (key.endsWith("_hours") || key.endsWith("_weeks") || key.endsWith("_per_day")) {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new AppError("INVALID_INPUT", "Use a whole number of at least 1");
    return String(n);
  }
  if (key.startsWith("allowed_") && key.endsWith("_types")) {
    const list = v
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    if (!list.length || list.some((t) => !/^[a-z0-9.+-]{2,20}$/.test(t)))
      throw new AppError("INVALID_INPUT", "List the types separated by commas, e.g. jpeg,png");
    return list.join(",");
  }
  if (!v) throw new AppError("INVALID_INPUT", "Value is required");
  return v;
}

export async function updateSetting(db: Db, actor: Actor, key: string, value: string): Promise<SettingView> {
  const row = await audited(
    db,
    actor,
    async (tx) => {
      const existing = await first(tx.select().from(settings).where(eq(settings.key, key)));
      if (!existing) throw new AppError("NOT_FOUND", `No setting called ${key}`);
      const valid = validateSetting(key, value);
      if (
        key === "promotion_competition_id" &&
        valid &&
        !(await first(tx.select({ id: competitions.id }).from(competitions).where(eq(competitions.id, valid))))
      ) {
        throw new AppError("INVALID_INPUT", "Choose an existing competition");
      }
      return (await first(tx.update(settings).set({ value: valid }).where(eq(settings.key, key)).returning()))!;
    },
    () => ({ action: "admin.settings.update", targetId: key, details: { key, value } }),
  );
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
