import type { CustomerRecord, CustomerSummary } from "../../../../shared/schemas/customers";

export type { CustomerRecord, CustomerSummary };
export type CustomerProfile = CustomerRecord["profile"];
export type CustomerOrder = CustomerRecord["orders"][number];

export const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/** "15 Jun 1985" from "1985-06-15" or an ISO time; "—" when there is none. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

export const customerPath = (id: string) => `/admin/customers/${encodeURIComponent(id)}`;
