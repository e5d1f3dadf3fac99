import type { HeroSlide } from "../../../../shared/schemas/content";
import { heroSlideInput } from "../../../../shared/schemas/admin";

export interface HeroSlideFormValues {
  title: string;
  subtitle: string;
  description: string;
  image: string;
  ctaText: string;
  /** "/competition/{id}" of the chosen active campaign, or "". */
  campaignLink: string;
  /** Any other link; wins over the campaign when filled. */
  customUrl: string;
  isActive: boolean;
  order: string;
}

/** SPEC §9 new slide defaults: active, order 0. */
export const NEW_SLIDE: HeroSlideFormValues = {
  title: "",
  subtitle: "",
  description: "",
  image: "",
  ctaText: "",
  campaignLink: "",
  customUrl: "",
  isActive: true,
  order: "0",
};

export function slideFormFrom(slide: HeroSlide, campaignLinks: string[]): HeroSlideFormValues {
  const isCampaign = campaignLinks.includes(slide.ctaLink);
  return {
    title: slide.title,
    subtitle: slide.subtitle ?? "",
    description: slide.description ?? "",
    image: slide.image,
    ctaText: slide.ctaText,
    campaignLink: isCampaign ? slide.ctaLink : "",
    customUrl: isCampaign ? "" : slide.ctaLink,
    isActive: slide.isActive,
    order: String(slide.order),
  };
}

export function slideInputFrom(v: HeroSlideFormValues) {
  return {
    title: v.title,
    subtitle: v.subtitle,
    description: v.description,
    image: v.image,
    ctaText: v.ctaText,
    ctaLink: v.customUrl.trim() || v.campaignLink,
    isActive: v.isActive,
    order: v.order.trim() === "" ? 0 : v.order,
  };
}

export const validateSlide = (v: HeroSlideFormValues) => heroSlideInput.safeParse(slideInputFrom(v));
