import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { settings } from "../../../db/schema";
import { AppError } from "../errors";

export interface SettingView {
  key: string;
  value: string;
  description: string | null;
  category: string;
  updatedAt: string;
}

export function listSettings(db: Db): SettingView[] {
  return db
    .select()
    .from(settings)
    .orderBy(asc(settings.category), asc(settings.key))
    .all()
    .map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() }));
}

export function getSetting(db: Db, key: string): string | null {
  return db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value ?? null;
}

export const DEFAULT_SETTINGS: Array<{ key: string; value: string; description: string; category: string }> = [
  { key: "winners_display_count", value: "12", description: "Winners shown on the home page", category: "display" },
  { key: "max_image_size_mb", value: "10", description: "Largest image upload, in MB", category: "media" },
  { key: "max_video_size_mb", value: "300", description: "Largest video upload, in MB", category: "media" },
  { key: "allowed_image_types", value: "jpeg,jpg,png", description: "Image types accepted for upload", category: "media" },
  { key: "allowed_video_types", value: "mp4,webm,quicktime", description: "Video types accepted for upload", category: "media" },
];

/** Rules for values an admin may set; keys containing size_mb are numbers from 1 to 5000. */
function validateSetting(key: string, value: string): string {
  const v = value.trim();
  if (key.includes("size_mb")) {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 1 || n > 5000) throw new AppError("BAD_REQUEST", "Size must be a number from 1 to 5000 (MB)");
    return String(n);
  }
  if (key === "winners_display_count") {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new AppError("BAD_REQUEST", "Winners to show must be a whole number from 1 to 100");
    return String(n);
  }
  if (key.startsWith("allowed_") && key.endsWith("_types")) {
    const list = v.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
    if (!list.length || list.some((t) => !/^[a-z0-9.+-]{2,20}$/.test(t))) throw new AppError("BAD_REQUEST", "List the types separated by commas, e.g. jpeg,png");
    return list.join(",");
  }
  if (!v) throw new AppError("BAD_REQUEST", "Value is required");
  return v;
}

export function updateSetting(db: Db, key: string, value: string): SettingView {
  const existing = db.select().from(settings).where(eq(settings.key, key)).get();
  if (!existing) throw new AppError("NOT_FOUND", `No setting called ${key}`);
  const row = db.update(settings).set({ value: validateSetting(key, value) }).where(eq(settings.key, key)).returning().get()!;
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
