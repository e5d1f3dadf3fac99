import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { MediaUploadField } from "../media/media-upload-field";
import { failureToast } from "../ui/admin-toasts";
import { aboutErrorsFrom, validateAbout, type AboutErrors, type AboutValues } from "./about-form-state";
import { AboutPreviewDialog } from "./about-preview-dialog";
import { EditorSection } from "./editor-section";
import { FeatureCardsSection } from "./feature-cards-section";
import { ParagraphsSection } from "./paragraphs-section";

/** The About page form: Hero, Main Image, Page Content and Feature Cards, previewed before saving. */
export function AboutEditor({ initial }: { initial: AboutValues }) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AboutErrors>({});
  const [previewing, setPreviewing] = useState(false);
  const save = useMutation(
    trpc.admin.about.save.mutationOptions({
      onSuccess: () => {
        toast.success("About page content updated successfully");
      },
      onError: (error) => failureToast("Failed to update about page content", error),
    }),
  );

  const set = <K extends keyof AboutValues>(key: K, value: AboutValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const k of Object.keys(next)) if (k === key || k.startsWith(`${key}.`)) delete next[k];
      return next;
    });
  };
  const text = (key: "heroTitle" | "heroSubtitle" | "mainImageAlt") => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = validateAbout(values);
    if (!parsed.success) {
      setErrors(aboutErrorsFrom(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <EditorSection title="Hero" lead="The heading at the top of the page.">
        <TextField label="Hero Title" required {...text("heroTitle")} />
        <TextField label="Hero Subtitle" required {...text("heroSubtitle")} />
      </EditorSection>
      <EditorSection title="Main Image">
        <MediaUploadField
          label="Main Image URL"
          value={values.mainImage}
          onChange={(url) => set("mainImage", url)}
          error={errors.mainImage}
          target="image"
          previewAlt={values.mainImageAlt || "Main image preview"}
          previewClassName="aspect-video w-48"
        />
        <TextField label="Image Alt Text" required hint="Describes the picture for people who cannot see it." {...text("mainImageAlt")} />
      </EditorSection>
      <ParagraphsSection paragraphs={values.contentParagraphs} errors={errors} onChange={(paragraphs) => set("contentParagraphs", paragraphs)} />
      <FeatureCardsSection values={values} errors={errors} onChange={(field, value) => set(field, value)} />
      <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-3 border-t border-cream-200 bg-cream-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:justify-end sm:rounded-xl sm:border">
        <Button variant="secondary" onClick={() => setPreviewing(true)}>
          Preview Changes
        </Button>
        <Button type="submit" pending={save.isPending}>
          {save.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
      <AboutPreviewDialog open={previewing} values={values} onClose={() => setPreviewing(false)} />
    </form>
  );
}
