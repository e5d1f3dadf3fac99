import { Link } from "react-router-dom";
import type { AdminReferral } from "../../../../shared/schemas/referrals";
import { shortDateTime } from "../../../lib/dates";
import { AdminBadge } from "../ui/badges";
import { Table, TBody, Td, Th, THead } from "../ui/table";

const STATUS: Record<AdminReferral["status"], { label: string; className: string }> = {
  joined: { label: "Joined", className: "bg-stone-200 text-stone-700" },
  waiting: { label: "In refund window", className: "bg-wheat-100 text-wheat-800" },
  rewarded: { label: "Rewarded", className: "bg-field-100 text-field-800" },
  void: { label: "No reward", className: "bg-stone-200 text-stone-700" },
  reversed: { label: "Taken back", className: "bg-danger-100 text-danger-800" },
};

function Person({ who }: { who: AdminReferral["referrer"] }) {
  return (
    <>
      <Link to={`/admin/customers/${who.id}`} className="font-semibold text-field-700 underline underline-offset-2 hover:text-field-900">
        {who.name || "Unnamed"}
      </Link>
      <p className="break-words text-stone-600">{who.email}</p>
    </>
  );
}

/** Referrals, newest first: who referred whom, where it stands and why it earned nothing. */
export function ReferralsTable({ referrals }: { referrals: AdminReferral[] }) {
  return (
    <Table caption="Referrals" minWidth="60rem">
      <THead>
        <Th>Joined</Th>
        <Th>Referrer</Th>
        <Th>Friend</Th>
        <Th>Status</Th>
        <Th>Reward</Th>
        <Th>Reason</Th>
      </THead>
      <TBody>
        {referrals.map((r) => (
          <tr key={r.id}>
            <Td className="whitespace-nowrap text-stone-700">{shortDateTime(r.joinedAt)}</Td>
            <Td>
              <Person who={r.referrer} />
            </Td>
            <Td>
              <Person who={r.referred} />
            </Td>
            <Td>
              <AdminBadge className={STATUS[r.status].className}>{STATUS[r.status].label}</AdminBadge>
              {r.status === "waiting" && r.qualifiesAt ? <p className="mt-1 text-xs text-stone-600">from {shortDateTime(r.qualifiesAt)}</p> : null}
              {r.rewardedAt ? <p className="mt-1 text-xs text-stone-600">{shortDateTime(r.rewardedAt)}</p> : null}
            </Td>
            <Td className="whitespace-nowrap tabular-nums">
              {r.status === "rewarded" || r.status === "reversed" ? `£${r.referrerReward} + £${r.referredReward}` : "—"}
            </Td>
            <Td className="min-w-48 max-w-72 text-stone-700">{r.reason ?? ""}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
