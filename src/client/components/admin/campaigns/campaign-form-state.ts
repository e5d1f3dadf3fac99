import { campaignInput, type AdminCompetition, type CampaignInput, type RelistDraft } from "../../../../shared/schemas/admin";
import { fromDateTimeInput, toDateTimeInput } from "../ui/date-input";
import { hasInstantPrizes, instantPrizeRowsFrom, instantPrizesFrom, type InstantPrizeRow } from "./instant-prize-rows";
import { tierRowsFrom, tierViewsFrom, type PriceTierRow } from "./price-tiers";

export interface CampaignFormValues {
  title: string;
  description: string;
  image: string;
  category: string;
  price: string;
  status: "active" | "closed" | "drawn";
  startDate: string;
  endDate: string;
  drawDate: string;
  maxTickets: string;
  maxTicketsPerPerson: string;
  numberOfWinners: string;
  drawMode: "auto" | "live";
  /** "" on a new campaign: random when it has a maximum, in order when it has none. */
  allocation: "" | "random" | "sequential";
  /** Buyers choose their numbers from a grid; only sent on while `pickNumbersBlocked` has no reason. */
  pickNumbers: boolean;
  /** Multibuy prices as typed; empty rows are not sent. */
  priceTiers: PriceTierRow[];
  /** Instant prizes as typed; rows with neither a name nor a value are not sent. */
  instantPrizes: InstantPrizeRow[];
  instantWinnersInDraw: boolean;
  cashAlternative: string;
  /** Sent on whenever there are instant prizes (the server makes such a competition an instant win anyway). */
  instantWin: boolean;
  featured: boolean;
  showOnHero: boolean;
  qualifyingQuestion: string;
  qualifyingAnswer: string;
  allowPostalEntry: boolean;
  postalAddress: string;
  prizeDetails: string;
  rules: string;
  faq: string;
  privacyPolicyUrl: string;
  termsOfUseUrl: string;
}

/** SPEC §9 new campaign defaults: price 0.00, active, postal entry allowed, not featured, not on the hero slider; one winner, drawn automatically. */
export const NEW_CAMPAIGN: CampaignFormValues = {
  title: "",
  description: "",
  image: "",
  category: "",
  price: "0.00",
  status: "active",
  startDate: "",
  endDate: "",
  drawDate: "",
  maxTickets: "",
  maxTicketsPerPerson: "",
  numberOfWinners: "1",
  drawMode: "auto",
  allocation: "",
  pickNumbers: false,
  priceTiers: [],
  instantPrizes: [],
  instantWinnersInDraw: true,
  cashAlternative: "",
  instantWin: false,
  featured: false,
  showOnHero: false,
  qualifyingQuestion: "",
  qualifyingAnswer: "",
  allowPostalEntry: true,
  postalAddress: "",
  prizeDetails: "",
  rules: "",
  faq: "",
  privacyPolicyUrl: "",
  termsOfUseUrl: "",
};

/** A campaign's form from what is stored, or from a relisting's draft (which has the same fields). */
export function campaignFormFrom(c: Omit<RelistDraft, "relistOf">): CampaignFormValues {
  return {
    title: c.title,
    description: c.description,
    image: c.image,
    category: c.category,
    price: c.price,
    status: c.status,
    startDate: toDateTimeInput(c.startDate),
    endDate: toDateTimeInput(c.endDate),
    drawDate: toDateTimeInput(c.drawDate),
    maxTickets: c.maxTickets?.toString() ?? "",
    maxTicketsPerPerson: c.maxTicketsPerPerson?.toString() ?? "",
    numberOfWinners: c.numberOfWinners.toString(),
    drawMode: c.drawMode,
    allocation: c.allocation,
    pickNumbers: c.pickNumbers,
    priceTiers: tierRowsFrom(c.priceTiers),
    instantPrizes: instantPrizeRowsFrom(c.instantPrizes),
    instantWinnersInDraw: c.instantWinnersInDraw,
    cashAlternative: c.cashAlternative ?? "",
    instantWin: c.instantWin,
    featured: c.featured,
    showOnHero: c.showOnHero,
    qualifyingQuestion: c.qualifyingQuestion ?? "",
    qualifyingAnswer: c.qualifyingAnswer ?? "",
    allowPostalEntry: c.allowPostalEntry,
    postalAddress: c.postalAddress ?? "",
    prizeDetails: c.prizeDetails ?? "",
    rules: c.rules ?? "",
    faq: c.faq ?? "",
    privacyPolicyUrl: c.privacyPolicyUrl ?? "",
    termsOfUseUrl: c.termsOfUseUrl ?? "",
  };
}

/**
 * A date field as an instant. The input shows minutes only, so a date left as it was keeps the
 * stored instant (seconds included): otherwise an untouched end date of a competition with sales
 * would read as a change, which the server refuses.
 */
function instantFrom(local: string, stored: string | undefined): string {
  if (stored !== undefined && local === toDateTimeInput(stored)) return stored;
  return fromDateTimeInput(local);
}

/** Why buyers cannot choose their numbers with these settings (the server's two rules), or null. */
export function pickNumbersBlocked(v: Pick<CampaignFormValues, "maxTickets" | "allocation">): string | null {
  if (!v.maxTickets.trim()) return "Set Max Tickets first: buyers choose from 1 to the maximum.";
  if (v.allocation === "sequential") return "Choose numbers at random above: the numbers nobody chooses are drawn at random.";
  return null;
}

/** What is sent: the form's text, with local date-times as instants and blank limits as unlimited. */
export function campaignInputFrom(v: CampaignFormValues, stored?: AdminCompetition | null): CampaignInput {
  return {
    ...v,
    startDate: instantFrom(v.startDate, stored?.startDate),
    endDate: instantFrom(v.endDate, stored?.endDate),
    drawDate: instantFrom(v.drawDate, stored?.drawDate),
    maxTickets: v.maxTickets.trim() || null,
    maxTicketsPerPerson: v.maxTicketsPerPerson.trim() || null,
    numberOfWinners: v.numberOfWinners.trim(),
    allocation: v.allocation || undefined,
    pickNumbers: v.pickNumbers && pickNumbersBlocked(v) === null,
    priceTiers: tierViewsFrom(v.priceTiers),
    instantPrizes: instantPrizesFrom(v.instantPrizes),
    instantWin: v.instantWin || hasInstantPrizes(v.instantPrizes),
  };
}

/** Code of practice 2.5: once tickets are sold (or held), the closing and draw dates, the prize and the instant prizes are fixed. */
export const hasSales = (c: AdminCompetition | null): boolean => !!c && c.soldTickets + c.heldTickets > 0;

/** Which dialog tab holds each field, so a failed save opens the tab with the first problem. */
const TAB_OF: Partial<Record<string, number>> = {
  qualifyingQuestion: 1,
  qualifyingAnswer: 1,
  prizeDetails: 2,
  cashAlternative: 2,
  rules: 2,
  faq: 2,
  privacyPolicyUrl: 2,
  termsOfUseUrl: 2,
  allowPostalEntry: 3,
  postalAddress: 3,
  instantPrizes: 4,
  instantWinnersInDraw: 4,
};

export function tabWithError(errors: Partial<Record<string, string>>): number {
  const tabs = Object.keys(errors)
    .filter((k) => errors[k])
    .map((k) => TAB_OF[k] ?? 0);
  return tabs.length ? Math.min(...tabs) : 0;
}

export const validateCampaign = (v: CampaignFormValues, stored?: AdminCompetition | null) => campaignInput.safeParse(campaignInputFrom(v, stored));
