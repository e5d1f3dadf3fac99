import { shortDateTime } from "../../../lib/dates";
import { TextField } from "../../ui/text-field";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import { CompetitionSettingSelect } from "./competition-setting-select";
import { formatMegabytes, humanise, isBooleanValue, isSizeKey, settingLabel, type Setting } from "./settings-groups";

const YES_NO = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

interface SettingInputProps {
  setting: Setting;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** Settings edited as a paragraph rather than one line. */
const LONG_TEXT = new Set(["promotion_text"]);

/**
 * One setting: true/false as Yes/No, a competition from a list, sizes as numbers from 1 to 5000 MB
 * (with the GB reading), everything else as text.
 */
export function SettingInput({ setting, value, error, onChange }: SettingInputProps) {
  const size = isSizeKey(setting.key);
  const mb = Number(value);
  const gb = size && mb >= 1000 && mb <= 5000 ? ` (${formatMegabytes(mb)})` : "";
  const numeric = size || setting.key.endsWith("_count");
  return (
    <div className="grid gap-2 border-b border-cream-200 py-4 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] sm:gap-6">
      <div>
        <p className="font-mono text-xs font-semibold text-field-800">{setting.key}</p>
        <p className="text-sm text-stone-700">{setting.description ?? humanise(setting.key)}</p>
        <p className="text-xs text-stone-500">Updated {shortDateTime(setting.updatedAt)}</p>
      </div>
      {isBooleanValue(setting.value) ? (
        <SelectField label={settingLabel(setting.key)} options={YES_NO} value={value} error={error} onChange={(e) => onChange(e.target.value)} />
      ) : setting.key.endsWith("_competition_id") ? (
        <CompetitionSettingSelect label={settingLabel(setting.key)} value={value} error={error} onChange={onChange} />
      ) : LONG_TEXT.has(setting.key) ? (
        <TextAreaField label={settingLabel(setting.key)} value={value} error={error} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <TextField
          label={settingLabel(setting.key)}
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value)}
          type={numeric ? "number" : "text"}
          inputMode={numeric ? "numeric" : undefined}
          min={size ? 1 : undefined}
          max={size ? 5000 : undefined}
          step={numeric ? 1 : undefined}
          hint={size ? `In MB, 1 to 5000${gb}` : undefined}
        />
      )}
    </div>
  );
}
