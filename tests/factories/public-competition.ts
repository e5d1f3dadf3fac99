import type { PublicCompetition } from "../../src/shared/schemas/competition";

/** A competition as the storefront receives it: open, £2.50 an entry, no limits, no question. */
export function publicCompetition(overrides: Partial<PublicCompetition> = {}): PublicCompetition {
  return {
    id: "comp-1",
    title: "Win a Tractor",
    description: "A red one.",
    image: "/tractor.jpg",
    category: "Machinery",
    price: "2.50",
    status: "active",
    startDate: "2030-01-01T00:00:00.000Z",
    endDate: "2030-02-01T00:00:00.000Z",
    drawDate: "2030-02-02T00:00:00.000Z",
    maxTickets: null,
    soldTickets: 0,
    maxTicketsPerPerson: null,
    featured: false,
    showOnHero: false,
    qualifyingQuestion: null,
    allowPostalEntry: false,
    postalAddress: null,
    prizeDetails: null,
    rules: null,
    faq: null,
    privacyPolicyUrl: null,
    termsOfUseUrl: null,
    numberOfWinners: 1,
    drawMode: "auto",
    cashAlternative: null,
    instantWin: false,
    createdAt: "2030-01-01T00:00:00.000Z",
    remainingTickets: null,
    soldOut: false,
    commitment: "abc",
    ...overrides,
  };
}
