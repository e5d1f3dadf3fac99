import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { longDate } from "../competition/draw-date";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";

type Period = "1w" | "1m" | "6m" | "1y" | "5y";

interface Option {
  period: Period;
  /** The same lengths the server uses, to say roughly when it ends before it starts. */
  days: number;
  button: string;
  title: string;
  selfExclusion: boolean;
}

const BREAKS: Option[] = [
  { period: "1w", days: 7, button: "Take a 1-week break", title: "Take a 1-week break?", selfExclusion: false },
  { period: "1m", days: 30, button: "Take a 1-month break", title: "Take a 1-month break?", selfExclusion: false },
];
const EXCLUSIONS: Option[] = [
  { period: "6m", days: 182, button: "Self-exclude for 6 months", title: "Self-exclude for 6 months?", selfExclusion: true },
  { period: "1y", days: 365, button: "Self-exclude for 1 year", title: "Self-exclude for 1 year?", selfExclusion: true },
  { period: "5y", days: 1825, button: "Self-exclude for 5 years", title: "Self-exclude for 5 years?", selfExclusion: true },
];

/** Take a break or self-exclude (COMPLIANCE 1.5), each only after a confirmation that says it is final. */
export function BreakPanel({ suspendedUntil }: { suspendedUntil: string | null }) {
  const trpc = useTRPC();
  const [chosen, setChosen] = useState<Option | null>(null);
  const takeBreak = useMutation(
    trpc.customer.protection.takeBreak.mutationOptions({
      onSuccess: (result) => {
        setChosen(null);
        const title = result.kind === "self_exclusion" ? "Self-exclusion started" : "Your break has started";
        toast.success(title, `You cannot enter competitions or buy tickets until ${longDate(result.suspendedUntil)}.`);
        window.scrollTo({ top: 0, behavior: "smooth" });
      },
      onError: (err) => toast.error("Something went wrong", serverMessage(err) ?? "We couldn't start your break. Please try again."),
    }),
  );
  const endsAbout = chosen ? new Date(Date.now() + chosen.days * 86_400_000).toISOString() : "";

  const buttons = (options: Option[]) => (
    <div className="mt-3 flex flex-wrap gap-3">
      {options.map((o) => (
        <Button key={o.period} variant="secondary" onClick={() => setChosen(o)}>
          {o.button}
        </Button>
      ))}
    </div>
  );

  return (
    <Card>
      <section aria-labelledby="break-heading">
        <h2 id="break-heading" className="font-sans text-xl font-bold text-field-900">
          Take a break
        </h2>
        <p className="mt-1 text-stone-700">
          Step away for a while. During a break you cannot enter competitions or buy tickets, and we send you no marketing. A break cannot be shortened or
          lifted early, but you can make it longer.
        </p>
        {suspendedUntil ? (
          <p className="mt-3 rounded-xl bg-field-50 px-4 py-3 text-stone-800">
            You are already paused until {longDate(suspendedUntil)}. Choosing a longer period extends it.
          </p>
        ) : null}
        {buttons(BREAKS)}
        <h3 className="mt-6 font-sans text-lg font-bold text-field-900">Self-exclusion</h3>
        <p className="mt-1 text-stone-700">For a longer stop: 6 months or more, with no way back in until it ends.</p>
        {buttons(EXCLUSIONS)}
      </section>
      <ConfirmDialog
        open={chosen !== null}
        title={chosen?.title ?? ""}
        confirmLabel={chosen?.selfExclusion ? "Self-exclude" : "Start my break"}
        pending={takeBreak.isPending}
        onClose={() => setChosen(null)}
        onConfirm={() => chosen && takeBreak.mutate({ period: chosen.period })}
      >
        <p>Until about {chosen ? longDate(endsAbout) : ""}, you will not be able to enter competitions or buy tickets, and we will not send you marketing.</p>
        <p className="font-semibold text-stone-900">This cannot be undone or shortened, by you or by us.</p>
      </ConfirmDialog>
    </Card>
  );
}
