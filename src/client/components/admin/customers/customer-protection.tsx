import { Link } from "react-router-dom";
import { formatPrice } from "../../../../shared/money";
import { shortDateTime } from "../../../lib/dates";
import { AdminBadge, ComplaintStatusBadge } from "../ui/badges";
import { Fact } from "../ui/fact";
import type { CustomerRecord } from "./customer-types";
import { Nothing, RecordSection } from "./section";

/** Spending limits, breaks and restrictions: what the player set and what staff imposed. */
export function CustomerProtection({ protection: p }: { protection: CustomerRecord["protection"] }) {
  return (
    <RecordSection
      title="Limits and restrictions"
      action={
        p.restricted ? (
          <AdminBadge className="bg-danger-100 text-danger-800">Restricted</AdminBadge>
        ) : p.suspension ? (
          <AdminBadge className="bg-wheat-100 text-wheat-800">On a break</AdminBadge>
        ) : null
      }
    >
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Fact term="Monthly limit">{p.monthlyLimit === null ? "None set" : formatPrice(p.monthlyLimit)}</Fact>
        <Fact term="Spent this month" valueClassName="tabular-nums">
          {formatPrice(p.spentThisMonth)}
        </Fact>
        <Fact term="Pending increase">
          {p.pendingIncrease
            ? `${p.pendingIncrease.monthlyLimit === null ? "No limit" : formatPrice(p.pendingIncrease.monthlyLimit)} from ${shortDateTime(p.pendingIncrease.effectiveAt)}`
            : "None"}
        </Fact>
        <Fact term="Break or exclusion">{p.suspension ? `${p.suspension.message} (until ${shortDateTime(p.suspension.until)})` : "None"}</Fact>
        {p.restricted ? (
          <Fact term="Restriction" className="col-span-2 lg:col-span-4">
            {p.restrictionReason ?? "Restricted by staff"}
          </Fact>
        ) : null}
      </dl>
    </RecordSection>
  );
}

/** Complaints the customer has made; the queue is where they are answered. */
export function CustomerComplaints({ complaints, email }: { complaints: CustomerRecord["complaints"]; email: string }) {
  return (
    <RecordSection
      title="Complaints"
      count={complaints.length}
      action={
        <Link to="/admin/complaints" className="text-sm font-semibold text-field-700 underline underline-offset-2 hover:text-field-900">
          Open the complaints queue
        </Link>
      }
    >
      {complaints.length === 0 ? (
        <Nothing>No complaints from {email}.</Nothing>
      ) : (
        <ul className="divide-y divide-cream-200">
          {complaints.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0">
              <span className="min-w-0">
                <Link to="/admin/complaints" className="font-semibold text-field-800 underline underline-offset-2 hover:text-field-950">
                  {c.subject}
                </Link>
                <span className="block text-sm text-stone-600">
                  {c.reference ? `${c.reference} · ` : ""}
                  {shortDateTime(c.createdAt)}
                </span>
              </span>
              <ComplaintStatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
