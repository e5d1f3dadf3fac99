import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTRPC } from "../../../lib/trpc";
import { labelClasses } from "../ui/field-styles";

interface Choice {
  value: string;
  label: string;
  note?: string;
}

interface AppliesToFieldsProps {
  competitionIds: string[];
  categories: string[];
  onCompetitionsChange: (ids: string[]) => void;
  onCategoriesChange: (names: string[]) => void;
  error?: string;
}

/** Where a code can be used: chosen competitions and categories, or (none chosen) every competition. */
export function AppliesToFields({ competitionIds, categories, onCompetitionsChange, onCategoriesChange, error }: AppliesToFieldsProps) {
  const trpc = useTRPC();
  const competitions = useQuery(trpc.admin.competitions.list.queryOptions());
  const managed = useQuery(trpc.admin.categories.list.queryOptions());
  const hintId = useId();

  const competitionChoices: Choice[] = (competitions.data ?? []).map((c) => ({
    value: c.id,
    label: c.title,
    note: c.status === "active" ? undefined : c.status,
  }));
  // A competition chosen before and since deleted still shows, so it can be taken off.
  for (const id of competitionIds) if (!competitionChoices.some((c) => c.value === id)) competitionChoices.push({ value: id, label: id, note: "not found" });

  // The managed categories, then any a competition is filed under, then the code's own.
  const categoryNames: string[] = [];
  const addCategory = (name: string) => {
    if (name && !categoryNames.includes(name)) categoryNames.push(name);
  };
  for (const c of managed.data ?? []) if (c.isActive) addCategory(c.name);
  for (const c of competitions.data ?? []) addCategory(c.category);
  for (const name of categories) addCategory(name);

  const nothingChosen = competitionIds.length === 0 && categories.length === 0;
  return (
    <fieldset className="rounded-xl border border-cream-200 p-4" aria-describedby={hintId}>
      <legend className="px-1 text-sm font-semibold text-stone-800">Applies to</legend>
      <p id={hintId} className="mb-3 text-sm text-stone-600">
        {nothingChosen
          ? "Every competition. Choose competitions or categories to narrow it."
          : "The chosen competitions and every competition in the chosen categories."}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceGroup
          legend="Competitions"
          choices={competitionChoices}
          chosen={competitionIds}
          onChange={onCompetitionsChange}
          empty={competitions.isPending ? "Loading competitions..." : competitions.isError ? "Competitions could not be loaded." : "No competitions yet."}
        />
        <ChoiceGroup
          legend="Categories"
          choices={categoryNames.map((name) => ({ value: name, label: name }))}
          chosen={categories}
          onChange={onCategoriesChange}
          empty={managed.isPending ? "Loading categories..." : "No categories yet."}
        />
      </div>
      {error ? <p className="mt-2 text-sm font-medium text-danger-700">{error}</p> : null}
    </fieldset>
  );
}

interface ChoiceGroupProps {
  legend: string;
  choices: Choice[];
  chosen: string[];
  onChange: (values: string[]) => void;
  empty: string;
}

/** A multiple choice as checkboxes: every phone and screen reader handles them, and a long list scrolls in its box. */
function ChoiceGroup({ legend, choices, chosen, onChange, empty }: ChoiceGroupProps) {
  const toggle = (value: string, on: boolean) => onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <fieldset className="min-w-0">
      <legend className={labelClasses}>
        {legend}
        {chosen.length ? <span className="font-normal text-stone-600"> · {chosen.length} chosen</span> : null}
      </legend>
      {choices.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{empty}</p>
      ) : (
        <div className="mt-2 flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-stone-300 p-2">
          {choices.map((c) => (
            <label key={c.value} className="flex min-h-9 items-center gap-3 rounded px-1 text-sm hover:bg-cream-100">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-field-700"
                checked={chosen.includes(c.value)}
                onChange={(e) => toggle(c.value, e.target.checked)}
              />
              <span className="min-w-0 break-words">
                {c.label}
                {c.note ? <span className="text-stone-600"> ({c.note})</span> : null}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
