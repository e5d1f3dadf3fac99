import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { statisticsUpdate, type AdminStatistics } from "../../../../shared/schemas/statistics";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { STATISTICS_FALLBACK } from "../../home/statistics-format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { LoadingState } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { failureToast } from "../ui/admin-toasts";
import { LoadError } from "../ui/feedback";

type Source = AdminStatistics["source"];
type Field = "totalWinners" | "totalPrizeValue" | "totalFollowers";

/** 0 is what an empty field stores: shown empty, so the pages' fallback text is what it means. */
const shown = (n: number | string) => (Number(n) === 0 ? "" : String(n));

/**
 * The figures the home page and /winners show ("2.2k+ winners · £11.3m+ won · 82.4k+ followers"):
 * typed here, or computed from the shop's own winners and prizes. Audited on the server.
 */
export function StatisticsSection() {
  const trpc = useTRPC();
  const stats = useQuery(trpc.admin.statistics.get.queryOptions());
  return (
    <Card aria-labelledby="statistics-heading">
      <h2 id="statistics-heading" className="text-xl font-bold">
        Site Statistics
      </h2>
      <p className="mt-1 text-sm text-stone-700">The winners, prize value and followers counters on the home page and the winners page.</p>
      {stats.isPending ? (
        <LoadingState label="Loading statistics..." />
      ) : stats.isError ? (
        <LoadError what="Statistics" error={stats.error} />
      ) : (
        <StatisticsForm key={stats.dataUpdatedAt} stats={stats.data} />
      )}
    </Card>
  );
}

function StatisticsForm({ stats }: { stats: AdminStatistics }) {
  const trpc = useTRPC();
  const [source, setSource] = useState<Source>(stats.source);
  const [draft, setDraft] = useState<Record<Field, string>>({
    totalWinners: shown(stats.totalWinners),
    totalPrizeValue: shown(stats.totalPrizeValue),
    totalFollowers: shown(stats.totalFollowers),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation(
    trpc.admin.statistics.update.mutationOptions({
      onSuccess: () => {
        toast.success("Statistics updated", "The home page and the winners page show the new figures.");
      },
      onError: (error) => failureToast("Failed to update statistics", error),
    }),
  );
  const computed = source === "computed";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const whole = (v: string) => (v.trim() === "" ? null : Number(v.trim().replace(/,/g, "")));
    const parsed = statisticsUpdate.safeParse({
      source,
      totalWinners: whole(draft.totalWinners),
      totalPrizeValue: draft.totalPrizeValue.trim() === "" ? null : draft.totalPrizeValue.trim().replace(/^£/, "").replace(/,/g, ""),
      totalFollowers: whole(draft.totalFollowers),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const field = (key: Field, label: string, hint: string, inputMode: "numeric" | "decimal") => (
    <TextField
      label={label}
      inputMode={inputMode}
      autoComplete="off"
      value={
        computed && key !== "totalFollowers" ? (key === "totalWinners" ? String(stats.computed.totalWinners) : stats.computed.totalPrizeValue) : draft[key]
      }
      readOnly={computed && key !== "totalFollowers"}
      hint={computed && key !== "totalFollowers" ? "Computed from the shop's own records." : hint}
      error={errors[key]}
      onChange={(e) => {
        setDraft((d) => ({ ...d, [key]: e.target.value }));
        setErrors((x) => ({ ...x, [key]: undefined }));
      }}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-semibold text-stone-800">Where the winners and prize value come from</legend>
        {(
          [
            ["manual", "The figures typed below"],
            ["computed", `Computed from the shop's own winners and prizes (now ${stats.computed.totalWinners} winners, £${stats.computed.totalPrizeValue})`],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-stone-800">
            <input type="radio" name="statistics-source" value={value} checked={source === value} onChange={() => setSource(value)} className="size-5" />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {field("totalWinners", "Happy winners", `Leave empty to show ${STATISTICS_FALLBACK.winners}.`, "numeric")}
        {field("totalPrizeValue", "Total prize value (£)", `Leave empty to show ${STATISTICS_FALLBACK.prizes}.`, "decimal")}
        {field("totalFollowers", "Followers", `Always typed. Leave empty to show ${STATISTICS_FALLBACK.followers}.`, "numeric")}
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={save.isPending}>
          Save Statistics
        </Button>
      </div>
    </form>
  );
}
