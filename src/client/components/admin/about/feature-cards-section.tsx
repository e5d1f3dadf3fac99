import { TextField } from "../../ui/text-field";
import { TextAreaField } from "../ui/text-area-field";
import { FEATURE_ICONS, type AboutErrors, type AboutValues, type FeatureField, type FeatureNumber } from "./about-form-state";
import { EditorSection } from "./editor-section";

interface FeatureCardsSectionProps {
  values: AboutValues;
  errors: AboutErrors;
  onChange: (field: FeatureField, value: string) => void;
}

const NUMBERS: FeatureNumber[] = [1, 2, 3];

/** Exactly three feature cards, each a title, a description and an icon name. */
export function FeatureCardsSection({ values, errors, onChange }: FeatureCardsSectionProps) {
  return (
    <EditorSection title="Feature Cards" lead={`Three cards under the story. Icons: ${FEATURE_ICONS.join(", ")}.`}>
      <datalist id="about-feature-icons">
        {FEATURE_ICONS.map((icon) => (
          <option key={icon} value={icon} />
        ))}
      </datalist>
      <div className="grid gap-5 lg:grid-cols-3">
        {NUMBERS.map((n) => {
          const bind = (part: "Title" | "Description" | "Icon") => {
            const field = `feature${n}${part}` as FeatureField;
            return { value: values[field], error: errors[field], onChange: (e: { target: { value: string } }) => onChange(field, e.target.value) };
          };
          return (
            <fieldset key={n} className="flex flex-col gap-4 rounded-xl border border-cream-200 bg-cream-50 p-4">
              <legend className="px-1 text-sm font-bold text-field-900">Feature {n}</legend>
              <TextField label={`Feature ${n} Title`} {...bind("Title")} />
              <TextAreaField label={`Feature ${n} Description`} rows={3} {...bind("Description")} />
              <TextField label={`Feature ${n} Icon`} list="about-feature-icons" autoComplete="off" {...bind("Icon")} />
            </fieldset>
          );
        })}
      </div>
    </EditorSection>
  );
}
