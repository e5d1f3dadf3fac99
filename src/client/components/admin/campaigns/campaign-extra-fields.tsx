import { TextField } from "../../ui/text-field";
import { CheckboxField } from "../ui/checkbox-field";
import { TextAreaField } from "../ui/text-area-field";
import type { CampaignForm } from "./campaign-form-types";
import { SalesLockNote } from "./sales-lock-note";

export function QuestionFields({ form: { text } }: { form: CampaignForm }) {
  return (
    <div className="flex flex-col gap-5">
      <TextField label="Qualifying Question" optional hint="Entrants must answer it before they pay." {...text("qualifyingQuestion")} />
      <TextField
        label="Qualifying Answer"
        optional
        hint="Matched exactly, but case-insensitive: “Paris” also accepts “paris”, not “Paris, France”."
        {...text("qualifyingAnswer")}
      />
    </div>
  );
}

/** `locked`: the competition has sales, so the prize and its cash alternative are fixed. */
export function ContentFields({ form: { text }, locked = false }: { form: CampaignForm; locked?: boolean }) {
  return (
    <div className="flex flex-col gap-5">
      {locked ? <SalesLockNote fields="prize details and cash alternative" /> : null}
      <div className="grid gap-5 sm:grid-cols-3">
        <TextAreaField label="Prize Details" optional rows={4} className="sm:col-span-2" {...text("prizeDetails")} />
        <TextField label="Cash Alternative" optional hint="Offered instead of the prize, e.g. £6,500." autoComplete="off" {...text("cashAlternative")} />
      </div>
      <TextAreaField label="Rules" optional rows={4} {...text("rules")} />
      <TextAreaField label="FAQ" optional rows={4} {...text("faq")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Privacy Policy URL" type="url" inputMode="url" optional {...text("privacyPolicyUrl")} />
        <TextField label="Terms of Use URL" type="url" inputMode="url" optional {...text("termsOfUseUrl")} />
      </div>
    </div>
  );
}

export function PostalEntryFields({ form: { text, check } }: { form: CampaignForm }) {
  return (
    <div className="flex flex-col gap-5">
      <CheckboxField label="Allow Postal Entry" hint="Offer the free entry route by post on this competition." {...check("allowPostalEntry")} />
      <TextAreaField
        label="Postal Address"
        rows={5}
        hint="Required for legal compliance: where free postal entries are sent. One line per address line."
        {...text("postalAddress")}
      />
    </div>
  );
}
