import { useState } from "react";
import type { AdminClaim } from "../../../../shared/schemas/claims";
import { ClaimActionDialog, type ClaimAction } from "../claims/claim-action-dialog";
import { ClaimsList } from "../claims/claims-list";
import type { CustomerRecord } from "./customer-types";
import { Nothing, RecordSection } from "./section";

/** The customer's prize claims (draw wins, instant cash or physical prizes), with the same actions as /admin/winners. */
export function CustomerClaims({ claims }: Pick<CustomerRecord, "claims">) {
  const [target, setTarget] = useState<{ claim: AdminClaim; action: ClaimAction } | null>(null);
  return (
    <RecordSection title="Prize claims" count={claims.length}>
      {claims.length === 0 ? <Nothing>No prize claims.</Nothing> : <ClaimsList claims={claims} onAction={(claim, action) => setTarget({ claim, action })} />}
      <ClaimActionDialog target={target} onClose={() => setTarget(null)} />
    </RecordSection>
  );
}
