import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";
import { SelectField } from "../ui/select-field";

const STATUS = { active: "", closed: " (closed)", drawn: " (drawn)" } as const;

interface CompetitionSettingSelectProps {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** A setting that names a competition (promotion_competition_id): picked from the list, empty for "all". */
export function CompetitionSettingSelect({ label, value, error, onChange }: CompetitionSettingSelectProps) {
  const trpc = useTRPC();
  const list = useQuery(trpc.admin.competitions.list.queryOptions());
  const options = (list.data ?? []).map((c) => ({ value: c.id, label: `${c.title}${STATUS[c.status]}` }));
  // A saved id the list does not (yet) hold stays selectable rather than silently changing.
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: list.isPending ? "Loading competitions..." : `Unknown competition (${value})` });
  return (
    <SelectField
      label={label}
      placeholder="All competitions (the list)"
      options={options}
      value={value}
      error={error ?? (list.isError ? "The competitions could not be loaded" : undefined)}
      hint="A closed or drawn competition sends visitors to the list instead."
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
