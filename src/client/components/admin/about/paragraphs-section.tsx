import { Button } from "../../ui/button";
import { PlusIcon, TrashIcon } from "../../ui/icons";
import { TextAreaField } from "../ui/text-area-field";
import type { AboutErrors } from "./about-form-state";
import { EditorSection } from "./editor-section";

interface ParagraphsSectionProps {
  paragraphs: string[];
  errors: AboutErrors;
  onChange: (paragraphs: string[]) => void;
}

/** "1st", "2nd", "3rd", "4th": keeps the button's name distinct from the field label "Paragraph N". */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** The page's paragraphs: at least one; Remove is hidden when only one is left (SPEC §5). */
export function ParagraphsSection({ paragraphs, errors, onChange }: ParagraphsSectionProps) {
  const edit = (index: number, text: string) => onChange(paragraphs.map((p, i) => (i === index ? text : p)));
  return (
    <EditorSection title="Page Content" lead="The story under the main image, one paragraph per box.">
      {errors.contentParagraphs ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {errors.contentParagraphs}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {paragraphs.map((text, index) => (
          // Paragraphs have no ids; the position is their identity while editing.
          <li key={index} className="flex flex-col gap-2">
            <TextAreaField
              label={`Paragraph ${index + 1}`}
              rows={4}
              value={text}
              error={errors[`contentParagraphs.${index}`]}
              onChange={(e) => edit(index, e.target.value)}
            />
            {paragraphs.length > 1 ? (
              <Button
                size="sm"
                variant="ghost"
                className="self-end text-danger-700 hover:bg-danger-50"
                onClick={() => onChange(paragraphs.filter((_, i) => i !== index))}
                aria-label={`Remove ${ordinal(index + 1)} paragraph`}
              >
                <TrashIcon className="size-4" />
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <Button size="sm" variant="secondary" className="self-start" onClick={() => onChange([...paragraphs, ""])}>
        <PlusIcon className="size-4" />
        Add Paragraph
      </Button>
    </EditorSection>
  );
}
