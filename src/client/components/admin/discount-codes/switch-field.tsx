import { Description, Field, Label, Switch } from "@headlessui/react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { labelClasses } from "../ui/field-styles";

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

/** An on/off setting: the switch is named by its label and described by its hint; the label toggles it too. */
export function SwitchField({ label, checked, onChange, hint, disabled }: SwitchFieldProps) {
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col">
        <Label className={cn(labelClasses, "cursor-pointer")}>{label}</Label>
        {hint ? <Description className="text-sm text-stone-600">{hint}</Description> : null}
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60",
          "focus-visible:outline-2 focus-visible:outline-offset-2",
          checked ? "bg-field-600" : "bg-stone-300",
        )}
      >
        <span className={cn("inline-block size-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-6" : "translate-x-1")} />
      </Switch>
    </Field>
  );
}
