import { CheckboxField } from "../ui/checkbox-field";
import { SelectField } from "../ui/select-field";
import { pickNumbersBlocked } from "./campaign-form-state";
import type { CampaignForm } from "./campaign-form-types";

const ALLOCATIONS = [
  { value: "random", label: "At random from the free numbers" },
  { value: "sequential", label: "In order from 1" },
] as const;
const NEW_ALLOCATIONS = [{ value: "", label: "At random when there is a maximum, else in order" }, ...ALLOCATIONS];

/** How ticket numbers are handed out, and whether buyers may choose theirs (docs/decisions/010). `locked`: numbers are out. */
export function TicketNumbersFields({ form, locked = false }: { form: CampaignForm; locked?: boolean }) {
  const { values, errors, text, set } = form;
  const blocked = pickNumbersBlocked(values);
  return (
    <div className="flex flex-col gap-3">
      <SelectField
        label="Ticket Numbers"
        options={values.allocation === "" ? NEW_ALLOCATIONS : ALLOCATIONS}
        hint="Random numbers need a maximum; once numbers are handed out this cannot change."
        disabled={locked}
        {...text("allocation")}
      />
      <CheckboxField
        label="Buyers choose their numbers"
        hint={blocked ?? "Buyers pick numbers from a grid; the numbers they leave to chance are drawn at random."}
        disabled={blocked !== null}
        checked={values.pickNumbers && blocked === null}
        onChange={(on) => {
          set("pickNumbers", on);
          // Choosing needs random numbers for the tickets nobody chose; "" would become random anyway with a maximum.
          if (on && values.allocation === "") set("allocation", "random");
        }}
      />
      {errors.pickNumbers ? <p className="text-sm font-medium text-danger-700">{errors.pickNumbers}</p> : null}
    </div>
  );
}
