import { shortDateTime } from "../../../lib/dates";
import type { CustomerRecord } from "./customer-types";
import { Nothing, RecordSection } from "./section";

/** What staff have done to this account: who, what and why. */
export function CustomerAudit({ audit }: { audit: CustomerRecord["audit"] }) {
  return (
    <RecordSection title="Audit" count={audit.length}>
      {audit.length === 0 ? (
        <Nothing>No staff changes recorded.</Nothing>
      ) : (
        <ul className="divide-y divide-cream-200 text-sm">
          {audit.map((a) => (
            <li key={a.id} className="py-2 first:pt-0 last:pb-0">
              <p className="flex flex-wrap justify-between gap-x-3">
                <span className="font-mono text-xs font-semibold break-all text-field-900">{a.action}</span>
                <span className="text-stone-600">{shortDateTime(a.createdAt)}</span>
              </p>
              <p className="text-stone-700">
                {a.actorEmail ?? "System"}
                {a.reason ? ` · ${a.reason}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </RecordSection>
  );
}
