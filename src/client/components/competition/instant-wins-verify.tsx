import { useState } from "react";
import { verifyInstantProof, type InstantProofCheck } from "../../../shared/instant-wins";
import type { InstantWinsView } from "../../../shared/schemas/instant-wins";
import { Button } from "../ui/button";
import { CheckCircleIcon } from "../ui/icons";

type Outcome = { kind: "done"; check: InstantProofCheck } | { kind: "error"; message: string };

async function verify(view: InstantWinsView, root: string): Promise<Outcome> {
  try {
    if (!globalThis.crypto?.subtle) throw new Error("This browser cannot run the check here (Web Crypto needs a secure connection).");
    return { kind: "done", check: await verifyInstantProof(view.competitionId, root, view.prizes) };
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : "The check could not be run." };
  }
}

function verifiedText(revealed: number): string {
  if (revealed === 0) return "Verified: no number has been revealed yet, and the commitments match the root.";
  if (revealed === 1) return "Verified: the 1 revealed number matches its commitment, and the commitments match the root.";
  return `Verified: the ${revealed} revealed numbers match their commitments, and the commitments match the root.`;
}

function Failure({ view, check }: { view: InstantWinsView; check: InstantProofCheck }) {
  const byId = new Map(view.prizes.map((p) => [p.unitId, p]));
  return (
    <div data-testid="instant-verify-result" className="rounded-xl bg-danger-50 px-4 py-3 text-danger-800">
      <p className="font-bold">Not verified: the published numbers do not match what was committed.</p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
        {check.rootMatches ? null : <li>The commitments listed do not hash to the commitment root.</li>}
        {check.mismatched.map((id) => {
          const unit = byId.get(id);
          return (
            <li key={id} className="break-words">
              {unit ? `Ticket #${unit.ticketNumber} (${unit.name}) does not match its commitment.` : `Prize ${id} does not match its commitment.`}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Recomputes every revealed number's commitment and the root in the browser (Web Crypto); nothing is sent to us. */
export function InstantWinsVerify({ view, root }: { view: InstantWinsView; root: string }) {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setRunning(true);
    setOutcome(await verify(view, root));
    setRunning(false);
  };

  const check = outcome?.kind === "done" ? outcome.check : null;
  const ok = check !== null && check.rootMatches && check.mismatched.length === 0;

  return (
    <div>
      <Button variant="secondary" onClick={() => void run()} pending={running}>
        Verify
      </Button>
      <div aria-live="polite" className="mt-3 empty:mt-0">
        {outcome?.kind === "error" ? (
          <p data-testid="instant-verify-result" className="rounded-xl bg-danger-50 px-4 py-3 font-semibold text-danger-800">
            Could not verify: {outcome.message}
          </p>
        ) : null}
        {check && ok ? (
          <p data-testid="instant-verify-result" className="flex items-start gap-2 rounded-xl bg-field-100 px-4 py-3 font-semibold text-field-900">
            <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-field-700" />
            <span>{verifiedText(check.revealed)}</span>
          </p>
        ) : null}
        {check && !ok ? <Failure view={view} check={check} /> : null}
      </div>
    </div>
  );
}
