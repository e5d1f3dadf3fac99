import { useMutation } from "@tanstack/react-query";
import { useRef, type FormEvent } from "react";
import type { HeroSlide } from "../../../../shared/schemas/content";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TextField } from "../../ui/text-field";
import { MediaUploadField } from "../media/media-upload-field";
import { failureToast } from "../ui/admin-toasts";
import { CheckboxField } from "../ui/checkbox-field";
import { TextAreaField } from "../ui/text-area-field";
import { useEditorForm } from "../ui/use-editor-form";
import { HeroLinkFields } from "./hero-link-fields";
import { NEW_SLIDE, slideInputFrom, validateSlide, type HeroSlideFormValues } from "./hero-slide-form-state";

interface HeroSlideFormProps {
  /** The slide being edited, or null to add one. */
  slide: HeroSlide | null;
  initial: HeroSlideFormValues;
  onDone: () => void;
}

/** Add or edit a slide; remount it (key) to switch between slides. */
export function HeroSlideForm({ slide, initial, onDone }: HeroSlideFormProps) {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(initial);
  const saved = (message: string) => () => {
    toast.success(message, form.values.title.trim());
    form.reset(NEW_SLIDE);
    onDone();
  };
  const create = useMutation(
    trpc.admin.heroSlides.create.mutationOptions({
      onSuccess: saved("Hero slide created"),
      onError: (e) => failureToast("Failed to create hero slide", e),
    }),
  );
  const update = useMutation(
    trpc.admin.heroSlides.update.mutationOptions({
      onSuccess: saved("Hero slide updated"),
      onError: (e) => failureToast("Failed to update hero slide", e),
    }),
  );
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = validateSlide(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    const input = slideInputFrom(form.values);
    if (slide) update.mutate({ id: slide.id, ...input });
    else create.mutate(input);
  };

  return (
    <Card>
      <h2 className="mb-4 text-xl font-bold">{slide ? "Edit Hero Slide" : "Add Hero Slide"}</h2>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <TextField label="Title" required {...form.text("title")} />
        <TextField label="Subtitle" optional {...form.text("subtitle")} />
        <TextAreaField label="Description" optional rows={3} {...form.text("description")} />
        <MediaUploadField
          label="Image or Video URL"
          value={form.values.image}
          onChange={(url) => form.set("image", url)}
          error={form.errors.image}
          target="campaign-media"
          previewAlt="Slide media preview"
          hint="Upload an image or video, or paste its link."
        />
        <TextField label="Button Text" required placeholder="Enter Now" {...form.text("ctaText")} />
        <HeroLinkFields form={form} />
        <TextField
          label="Order"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="Lower numbers show first."
          className="max-w-40"
          {...form.text("order")}
        />
        <CheckboxField label="Active" hint="Shown on the home page." {...form.check("isActive")} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {slide ? (
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" pending={pending}>
            {pending ? "Saving..." : slide ? "Update Slide" : "Create Slide"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
