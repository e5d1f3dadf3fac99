import { CheckboxField } from "../auth/checkbox-field";

interface ClaimPublicityFieldProps {
  publishName: boolean;
  publishPhoto: boolean;
  onChange: (field: "publishName" | "publishPhoto", allowed: boolean) => void;
}

/** The winner's say over the winners gallery: nothing is published unless they tick it. */
export function ClaimPublicityField({ publishName, publishPhoto, onChange }: ClaimPublicityFieldProps) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-semibold text-stone-900">May we publish your name and photo?</legend>
      <p className="text-sm text-stone-600">
        Our winners gallery and home page celebrate winners. Leave these unticked and you'll be shown as "A lucky winner", with no photo. Your prize is the same
        either way.
      </p>
      <CheckboxField
        name="publishName"
        checked={publishName}
        onChange={(event) => onChange("publishName", event.target.checked)}
        label="Yes, you may publish my first name, the initial of my surname and my town"
      />
      <CheckboxField
        name="publishPhoto"
        checked={publishPhoto}
        onChange={(event) => onChange("publishPhoto", event.target.checked)}
        label="Yes, you may publish a photo of me with my prize"
      />
    </fieldset>
  );
}
