import type { ClaimChoice } from "../../../shared/schemas/claims";
import { cn } from "../../lib/cn";

interface ClaimChoiceFieldProps {
  /** "£9,500": shown only where the competition offers one. */
  cashAlternative: string;
  value: ClaimChoice;
  onChange: (choice: ClaimChoice) => void;
}

/** The prize itself or its cash alternative, as two large radio rows. */
export function ClaimChoiceField({ cashAlternative, value, onChange }: ClaimChoiceFieldProps) {
  const options: Array<{ value: ClaimChoice; label: string }> = [
    { value: "prize", label: "The prize" },
    { value: "cash", label: `The cash alternative (${cashAlternative})` },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">What would you like?</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 text-stone-900 has-focus-visible:outline-2 has-focus-visible:outline-field-600",
            value === o.value ? "border-field-600 bg-field-50 font-semibold" : "border-stone-300 bg-white",
          )}
        >
          <input
            type="radio"
            name="choice"
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            className="size-5 shrink-0 accent-field-700"
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
