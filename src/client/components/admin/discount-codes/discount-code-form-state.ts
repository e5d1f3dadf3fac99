import { discountCodeInput, type DiscountCodeView } from "../../../../shared/schemas/discounts";
import { fromDateTimeInput, toDateTimeInput } from "../ui/date-input";
import type { SelectOption } from "../ui/select-field";

export type DiscountKind = DiscountCodeView["kind"];

/** The dialog's fields as typed: numbers stay text until they are sent, so an empty box means "none". */
export interface DiscountCodeFormValues {
  code: string;
  description: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  minSpend: string;
  competitionIds: string[];
  categories: string[];
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstOrderOnly: boolean;
  active: boolean;
}

export const KINDS: SelectOption[] = [
  { value: "percent", label: "Percentage" },
  { value: "fixed", label: "Fixed amount" },
];

export const NEW_DISCOUNT_CODE: DiscountCodeFormValues = {
  code: "",
  description: "",
  kind: "percent",
  percent: "",
  amount: "",
  minSpend: "",
  competitionIds: [],
  categories: [],
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  firstOrderOnly: false,
  active: true,
};

export function discountCodeFormFrom(c: DiscountCodeView): DiscountCodeFormValues {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    percent: c.percent === null ? "" : String(c.percent),
    amount: c.amount ?? "",
    minSpend: c.minSpend ?? "",
    competitionIds: c.competitionIds,
    categories: c.categories,
    startsAt: toDateTimeInput(c.startsAt),
    endsAt: toDateTimeInput(c.endsAt),
    maxUses: c.maxUses === null ? "" : String(c.maxUses),
    maxUsesPerCustomer: c.maxUsesPerCustomer === null ? "" : String(c.maxUsesPerCustomer),
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
  };
}

/** An empty box is no limit; anything else goes to the schema as a number (NaN included, which it rejects with the field's own words). */
const optionalNumber = (text: string): number | null => (text.trim() === "" ? null : Number(text.trim()));

/**
 * Exactly the fields of the form, as `create` takes them and `update` takes them beside the id: only
 * the value of the chosen kind is sent, the other is cleared.
 */
export function discountCodeInputFrom(v: DiscountCodeFormValues) {
  const percent = optionalNumber(v.percent);
  return {
    code: v.code.trim().toUpperCase(),
    description: v.description.trim(),
    kind: v.kind,
    // A percentage that is not a number reads as none, so the schema asks for "the percentage off, 1 to 100".
    percent: v.kind === "percent" && percent !== null && Number.isFinite(percent) ? percent : null,
    amount: v.kind === "fixed" ? v.amount.trim() || null : null,
    minSpend: v.minSpend.trim() || null,
    competitionIds: v.competitionIds,
    categories: v.categories,
    startsAt: v.startsAt ? fromDateTimeInput(v.startsAt) : null,
    endsAt: v.endsAt ? fromDateTimeInput(v.endsAt) : null,
    maxUses: optionalNumber(v.maxUses),
    maxUsesPerCustomer: optionalNumber(v.maxUsesPerCustomer),
    firstOrderOnly: v.firstOrderOnly,
    active: v.active,
  };
}

export const validateDiscountCode = (v: DiscountCodeFormValues) => discountCodeInput.safeParse(discountCodeInputFrom(v));
