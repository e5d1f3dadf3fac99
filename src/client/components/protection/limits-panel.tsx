import { formatPrice } from "../../../shared/money";
import { shortDateTime } from "../../lib/dates";
import { Card } from "../ui/card";
import { ClockIcon } from "../ui/icons";
import { LimitForm } from "./limit-form";

interface Limits {
  monthlyLimit: string | null;
  pendingIncrease: { monthlyLimit: string | null; effectiveAt: string } | null;
  spentThisMonth: string;
  remainingThisMonth: string | null;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-cream-100 px-4 py-3">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-field-900">{value}</dd>
    </div>
  );
}

/** The monthly limit, what has been spent and what is left, any pending rise, and the form to change it. */
export function LimitsPanel({ limits }: { limits: Limits }) {
  const pending = limits.pendingIncrease;
  return (
    <Card>
      <section aria-labelledby="limits-heading">
        <h2 id="limits-heading" className="font-sans text-xl font-bold text-field-900">
          Monthly spending limit
        </h2>
        <p className="mt-1 text-stone-700">
          Choose the most you want to spend on entries each calendar month. We refuse any order that would take you over it.
        </p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-3">
          <Figure label="Current monthly limit" value={limits.monthlyLimit === null ? "No limit set" : formatPrice(limits.monthlyLimit)} />
          <Figure label="Spent this month" value={formatPrice(limits.spentThisMonth)} />
          <Figure label="Left this month" value={limits.remainingThisMonth === null ? "No limit set" : formatPrice(limits.remainingThisMonth)} />
        </dl>
        {pending ? (
          <p role="status" className="mt-4 flex gap-2 rounded-xl border border-wheat-300 bg-wheat-50 px-4 py-3 font-semibold text-stone-900">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-wheat-700" />
            {pending.monthlyLimit === null
              ? `Your limit will be removed from ${shortDateTime(pending.effectiveAt)}.`
              : `Your new limit of ${formatPrice(pending.monthlyLimit)} applies from ${shortDateTime(pending.effectiveAt)}.`}
          </p>
        ) : null}
        <p className="mb-4 mt-4 text-sm text-stone-700">
          Lowering your limit applies straight away. Raising or removing it applies after 24 hours, to give you time to think it over.
        </p>
        <LimitForm hasLimit={limits.monthlyLimit !== null} />
      </section>
    </Card>
  );
}
