import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";
import { TextField } from "../../ui/text-field";
import { SelectField } from "../ui/select-field";
import type { useEditorForm } from "../ui/use-editor-form";
import type { HeroSlideFormValues } from "./hero-slide-form-state";

type SlideForm = ReturnType<typeof useEditorForm<HeroSlideFormValues>>;

/** The call to action goes to an active campaign or to a custom URL (SPEC §5 Hero slide). */
export function HeroLinkFields({ form }: { form: SlideForm }) {
  const trpc = useTRPC();
  const campaigns = useQuery(trpc.admin.competitions.list.queryOptions());
  const options = (campaigns.data ?? []).filter((c) => c.status === "active").map((c) => ({ value: `/competition/${c.id}`, label: c.title }));
  if (form.values.campaignLink && !options.some((o) => o.value === form.values.campaignLink)) {
    options.push({ value: form.values.campaignLink, label: form.values.campaignLink });
  }
  const error = form.errors.ctaLink;
  const bind = (name: "campaignLink" | "customUrl") => ({
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => {
      form.set(name, event.target.value);
      form.setErrors((prev) => ({ ...prev, ctaLink: undefined }));
    },
  });
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-cream-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">Button Link</legend>
      <div className="grid gap-4">
        <SelectField label="Link to Campaign" options={options} placeholder="Select a campaign" {...bind("campaignLink")} />
        <TextField label="Custom URL" placeholder="/competitions or https://…" hint="Used instead of the campaign when filled." {...bind("customUrl")} />
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
