import { useState } from "react";
import { verifyDraw, type Verification } from "../../../shared/draw";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CheckCircleIcon, CloseIcon, ShieldIcon } from "../ui/icons";
import type { DrawRecordView } from "./draw-types";
import { HashValue } from "./hash-value";

const CHECK_NAMES: Record<string, string> = {
  commitment: "The seed matches the commitment",
  "pool order": "The pool is in ascending ticket-number order",
  "pool hash": "The pool matches the pool hash and size",
  winners: "Recomputing the draw gives the same winners",
  published: "The draw has been published",
};

type Outcome = { kind: "done"; result: Verification } | { kind: "error"; message: string };

async function verify(record: DrawRecordView): Promise<Outcome> {
  try {
    if (!globalThis.crypto?.subtle) throw new Error("This browser cannot run the check here (Web Crypto needs a secure connection).");
    const result = await verifyDraw({
      commitment: record.commitment,
      seed: record.seed,
      pool: record.pool?.map((p) => p.ticketNumber) ?? null,
      poolHash: record.poolHash,
      poolSize: record.poolSize,
      beacon: record.beacon,
      winners: record.winners,
    });
    return { kind: "done", result };
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : "The check could not be run." };
  }
}

/** Recomputes the whole draw in the browser with Web Crypto and says whether it matches. */
export function VerifyDraw({ record }: { record: DrawRecordView }) {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setRunning(true);
    setOutcome(await verify(record));
    setRunning(false);
  };

  const failed = outcome?.kind === "done" ? outcome.result.checks.find((c) => !c.ok) : undefined;

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <ShieldIcon className="size-6 text-field-700" />
        Check it yourself
      </h2>
      <p className="mt-2 text-stone-700">
        Verify recomputes the commitment, the pool hash and every winner here in your browser, from the values published on this page. Nothing is sent to us.
      </p>
      <Button className="mt-4" onClick={() => void run()} pending={running}>
        Verify
      </Button>
      <div aria-live="polite" className="mt-4">
        {outcome?.kind === "error" ? (
          <p className="rounded-xl bg-danger-50 px-4 py-3 font-semibold text-danger-800">Could not verify: {outcome.message}</p>
        ) : null}
        {outcome?.kind === "done" ? (
          <div className="flex flex-col gap-3">
            {outcome.result.ok ? (
              <p className="flex items-center gap-2 rounded-xl bg-field-100 px-4 py-3 font-bold text-field-900">
                <CheckCircleIcon className="size-6 shrink-0 text-field-700" />
                Verified: the published draw matches.
              </p>
            ) : (
              <p className="rounded-xl bg-danger-50 px-4 py-3 font-bold text-danger-800">
                Not verified: the check "{CHECK_NAMES[failed?.name ?? ""] ?? failed?.name}" failed.
              </p>
            )}
            <ul className="flex flex-col gap-2">
              {outcome.result.checks.map((check) => (
                <li key={check.name} className="flex gap-2 rounded-lg bg-cream-100 px-3 py-2 text-sm">
                  {check.ok ? (
                    <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-field-700" />
                  ) : (
                    <CloseIcon className="mt-0.5 size-4 shrink-0 text-danger-700" />
                  )}
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">
                      <span className="sr-only">{check.ok ? "Passed: " : "Failed: "}</span>
                      {CHECK_NAMES[check.name] ?? check.name}
                    </p>
                    <HashValue value={check.detail} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
