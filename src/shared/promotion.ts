// Here, not in the schemas, so the home page's code loads without zod.

/** The spec's promotion, as the defaults of its settings. */
export const PROMOTION_DEFAULTS = {
  title: "Our Biggest Motocross Instant Win",
  text: "Hundreds of instant prizes and a motocross bike up for grabs. Will yours be the winning ticket?",
};
