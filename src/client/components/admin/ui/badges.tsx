import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

export function AdminBadge({ className, children }: { className?: string; children: ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", className)}>{children}</span>;
}

const PAYMENT: Record<string, string> = {
  paid: "bg-field-100 text-field-800",
  pending: "bg-wheat-100 text-wheat-800",
  failed: "bg-danger-100 text-danger-800",
};

const COMPETITION: Record<string, string> = {
  active: "bg-field-100 text-field-800",
  closed: "bg-stone-200 text-stone-700",
  drawn: "bg-field-800 text-white",
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Paid green, pending yellow, failed red, anything else grey (SPEC §4 Payment status). */
export function PaymentBadge({ status }: { status: string }) {
  return <AdminBadge className={PAYMENT[status] ?? "bg-stone-200 text-stone-700"}>{capitalise(status)}</AdminBadge>;
}

export function CompetitionStatusBadge({ status }: { status: string }) {
  return <AdminBadge className={COMPETITION[status] ?? "bg-stone-200 text-stone-700"}>{capitalise(status)}</AdminBadge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <AdminBadge className={active ? "bg-field-100 text-field-800" : "bg-stone-200 text-stone-700"}>{active ? "Active" : "Inactive"}</AdminBadge>;
}

const COMPLAINT: Record<string, string> = {
  open: "bg-wheat-100 text-wheat-800",
  answered: "bg-field-100 text-field-800",
  closed: "bg-stone-200 text-stone-700",
};

/** Open yellow (needs work), answered green, closed grey. */
export function ComplaintStatusBadge({ status }: { status: string }) {
  return <AdminBadge className={COMPLAINT[status] ?? "bg-stone-200 text-stone-700"}>{capitalise(status)}</AdminBadge>;
}
