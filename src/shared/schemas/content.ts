import { z } from "zod";
import { isSafeLink } from "../safe-link";

/** A link a visitor may be sent to: a site path that stays on this site, or an http(s) URL (see safe-link.ts). */
export { isSafeLink };
export const safeLinkWith = (message: string) => z.string().trim().max(2000).refine(isSafeLink, { message });
export const safeLink = safeLinkWith("Must be a site path (/…) or an http(s) URL");

/** An image or video reference: an uploaded object, a site path or an http(s) URL. */
export const mediaRef = safeLink;

export const heroSlide = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string(),
  ctaText: z.string(),
  ctaLink: z.string(),
  isActive: z.boolean(),
  order: z.number().int(),
  createdAt: z.string(),
});
export type HeroSlide = z.infer<typeof heroSlide>;

export const statistics = z.object({
  totalWinners: z.number().int(),
  /** decimal(15,2) as a string, e.g. "11250000.00". */
  totalPrizeValue: z.string(),
  totalFollowers: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type Statistics = z.infer<typeof statistics>;

export const aboutPage = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  mainImage: z.string(),
  mainImageAlt: z.string(),
  contentParagraphs: z.array(z.string()),
  feature1Title: z.string(),
  feature1Description: z.string(),
  feature1Icon: z.string(),
  feature2Title: z.string(),
  feature2Description: z.string(),
  feature2Icon: z.string(),
  feature3Title: z.string(),
  feature3Description: z.string(),
  feature3Icon: z.string(),
  updatedAt: z.string().nullable(),
});
export type AboutPage = z.infer<typeof aboutPage>;

export const category = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export const publicWinner = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionTitle: z.string().nullable(),
  customerName: z.string(),
  photo: z.string().nullable(),
  testimonial: z.string().nullable(),
  winDate: z.string(),
  /** "draw" when chosen by the verifiable draw, "manual" when entered by an admin. */
  source: z.enum(["manual", "draw", "instant"]),
});
export type PublicWinner = z.infer<typeof publicWinner>;

/** GET /winners: how many, newest first. */
export const winnersQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(500).optional() }).optional();

export const mediaSettings = z.object({
  maxImageSizeMB: z.number(),
  maxVideoSizeMB: z.number(),
  allowedImageTypes: z.array(z.string()),
  allowedVideoTypes: z.array(z.string()),
});
export type MediaSettings = z.infer<typeof mediaSettings>;

export const POPUP_PAGES = ["/", "/auth", "/account", "/competitions", "/competition/*", "/admin", "*"] as const;

/** GET /popups: the page being shown; a userId other than the caller's is ignored. */
export const popupsQuery = z.strictObject({ page: z.string().max(300).default("/"), userId: z.string().max(64).optional() });

export const popup = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  ctaText: z.string(),
  ctaLink: z.string(),
  displayPages: z.array(z.string()),
  isActive: z.boolean(),
  displayDelay: z.number().int(),
  showFrequency: z.enum(["once_per_session", "once_per_day", "always"]),
  priority: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Popup = z.infer<typeof popup>;
