import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { settings } from "../../../db/schema";

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
