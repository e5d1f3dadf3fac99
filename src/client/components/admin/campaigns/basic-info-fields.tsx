import { TextField } from "../../ui/text-field";
import { MediaUploadField } from "../media/media-upload-field";
import { CheckboxField } from "../ui/checkbox-field";
import { SelectField } from "../ui/select-field";
import { TextAreaField } from "../ui/text-area-field";
import type { CampaignForm } from "./campaign-form-types";
import { hasInstantPrizes } from "./instant-prize-rows";
import { PriceTiersField } from "./price-tiers-field";
import { SalesLockNote } from "./sales-lock-note";
import { TicketNumbersFields } from "./ticket-numbers-fields";
import { useCategoryChoices } from "./use-category-choices";

const STATUSES = [
  { value: "active", label: "Active" },
  { value: "closed", label: "Closed" },
] as const;
/** Only running the draw makes a competition drawn (the server refuses it otherwise); a drawn one stays so. */
const DRAWN = [{ value: "drawn", label: "Drawn" }] as const;

const DRAW_MODES = [
  { value: "auto", label: "Automatic, at the draw date" },
  { value: "live", label: "Live, by an admin (Run draw)" },
] as const;

/** `locked`: the competition has sales, so its end and draw dates are fixed and its prices can only go down (the server says so too). */
export function BasicInfoFields({ form, locked = false }: { form: CampaignForm; locked?: boolean }) {
  const { values, errors, text, check, set } = form;
  const categories = useCategoryChoices(values.category);
  // Instant prizes make it an instant-win competition whatever the box says; it shows so and is sent on.
  const instantPrizes = hasInstantPrizes(values.instantPrizes);
  return (
    <div className="flex flex-col gap-5">
      <TextField label="Title" required {...text("title")} />
      <TextAreaField label="Description" required rows={4} {...text("description")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Price" type="number" inputMode="decimal" min={0} step={0.01} required hint="Per entry, in £" {...text("price")} />
        <SelectField label="Category" required options={categories} placeholder="Select a category" {...text("category")} />
      </div>
      <PriceTiersField form={form} locked={locked} />
      <MediaUploadField
        label="Image URL"
        value={values.image}
        onChange={(url) => set("image", url)}
        error={errors.image}
        target="campaign-media"
        hint="Paste a link or upload an image or video."
        previewAlt="Campaign image preview"
      />
      <div className="flex flex-col gap-3">
        {locked ? <SalesLockNote fields="end date and draw date" /> : null}
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="Start Date" type="datetime-local" required {...text("startDate")} />
          <TextField label="End Date" type="datetime-local" required {...text("endDate")} />
          <TextField label="Draw Date" type="datetime-local" required {...text("drawDate")} />
        </div>
        <p className="text-sm text-stone-600">A competition must be open for at least 24 hours (the minimum open period in Settings).</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label="Max Tickets" type="number" inputMode="numeric" min={1} step={1} optional hint="Empty for unlimited" {...text("maxTickets")} />
        <TextField
          label="Per-Person Ticket Limit"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          optional
          hint="Empty for no limit"
          {...text("maxTicketsPerPerson")}
        />
        <SelectField label="Status" options={values.status === "drawn" ? DRAWN : STATUSES} {...text("status")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField
          label="Number of Winners"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          required
          hint="1 to 100 tickets are drawn"
          {...text("numberOfWinners")}
        />
        <SelectField
          label="Draw Mode"
          options={DRAW_MODES}
          hint="Live draws wait for an admin to press Run draw on the Monday stream."
          className="sm:col-span-2"
          {...text("drawMode")}
        />
      </div>
      <TicketNumbersFields form={form} locked={locked} />
      <div className="flex flex-col gap-3 rounded-xl bg-cream-100 p-4 sm:flex-row sm:gap-8">
        <CheckboxField label="Featured" hint="Highlighted in the shop." {...check("featured")} />
        <CheckboxField label="Show on Hero" hint="Offered on the home page slider." {...check("showOnHero")} />
        <CheckboxField
          label="Instant Win"
          hint={
            instantPrizes
              ? "On: it has instant prizes (Instant Wins tab). Credit cards are refused for instant-win competitions."
              : "Credit cards are refused for instant-win competitions."
          }
          disabled={instantPrizes}
          checked={values.instantWin || instantPrizes}
          onChange={check("instantWin").onChange}
        />
      </div>
    </div>
  );
}
