/** A complete About page (PUT /api/admin/about-page) that passes every rule. */
export function aboutPagePayload(over: Record<string, unknown> = {}) {
  return {
    heroTitle: "About us",
    heroSubtitle: "Farmers first",
    mainImage: "/images/about.svg",
    mainImageAlt: "A farmyard",
    contentParagraphs: ["One"],
    feature1Title: "Quality",
    feature1Description: "Good kit",
    feature1Icon: "quality",
    feature2Title: "Fair",
    feature2Description: "Live draws",
    feature2Icon: "transparency",
    feature3Title: "Together",
    feature3Description: "Community",
    feature3Icon: "community",
    ...over,
  };
}
