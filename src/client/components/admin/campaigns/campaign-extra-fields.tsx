import { TextField } from "../../ui/text-field";
import { CheckboxField } from "../ui/checkbox-field";
import { TextAreaField } from "../ui/text-area-field";
import type { CampaignForm } from "./campaign-form-types";

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

export function ContentFields({ form: { text } }: { form: CampaignForm }) {
  return (
    <div className="flex flex-col gap-5">
      <TextAreaField label="Prize Details" optional rows={4} {...text("prizeDetails")} />
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
