import type { ZodError } from "zod";
import { aboutPageInput } from "../../../../shared/schemas/admin";
import type { AboutPage } from "../../../../shared/schemas/content";

export type AboutValues = Omit<AboutPage, "updatedAt">;
export type FeatureNumber = 1 | 2 | 3;
export type FeatureField = `feature${FeatureNumber}${"Title" | "Description" | "Icon"}`;
/** Messages keyed by path: "heroTitle", "contentParagraphs.2", "contentParagraphs" (the list itself). */
export type AboutErrors = Partial<Record<string, string>>;

export const FEATURE_ICONS = ["quality", "transparency", "community"] as const;

export const EMPTY_ABOUT: AboutValues = {
  heroTitle: "",
  heroSubtitle: "",
  mainImage: "",
  mainImageAlt: "",
  contentParagraphs: [""],
  feature1Title: "",
  feature1Description: "",
  feature1Icon: "quality",
  feature2Title: "",
  feature2Description: "",
  feature2Icon: "transparency",
  feature3Title: "",
  feature3Description: "",
  feature3Icon: "community",
};

export function aboutValuesFrom(page: AboutPage | null): AboutValues {
  if (!page) return EMPTY_ABOUT;
  const { updatedAt: _updatedAt, ...values } = page;
  return { ...values, contentParagraphs: values.contentParagraphs.length ? values.contentParagraphs : [""] };
}

export function aboutErrorsFrom(error: ZodError): AboutErrors {
  const out: AboutErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

export const validateAbout = (v: AboutValues) => aboutPageInput.safeParse(v);
