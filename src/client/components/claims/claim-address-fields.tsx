import { DELIVERY_COUNTRIES } from "../../../shared/schemas/claims";
import { SelectField } from "../ui/select-field";
import { TextField } from "../ui/text-field";
import { OTHER_COUNTRY, type useClaimForm } from "./claim-form-state";

type Form = ReturnType<typeof useClaimForm>;

/** Line 1, line 2, town or city, postcode and country (UK, Ireland or another, whose name is then typed). */
export function ClaimAddressFields({ form, forDelivery }: { form: Form; forDelivery: boolean }) {
  const abroad = form.values.country === OTHER_COUNTRY;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-1 font-sans text-lg font-bold text-field-900">{forDelivery ? "Delivery address" : "Your address"}</legend>
      <TextField label="Address line 1" autoComplete="address-line1" required {...form.text("line1")} />
      <TextField label="Address line 2" autoComplete="address-line2" optional {...form.text("line2")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Town or city" autoComplete="address-level2" required {...form.text("city")} />
        <TextField label="Postcode" autoComplete="postal-code" autoCapitalize="characters" required {...form.text("postcode")} />
      </div>
      <SelectField
        label="Country"
        autoComplete="country-name"
        value={form.values.country}
        onChange={(event) => form.set("country", event.target.value)}
        className="sm:max-w-[calc(50%-0.5rem)]"
      >
        {DELIVERY_COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
        <option value={OTHER_COUNTRY}>Another country</option>
      </SelectField>
      {abroad ? (
        <>
          <TextField label="Country name" autoComplete="country-name" required className="sm:max-w-[calc(50%-0.5rem)]" {...form.text("otherCountry")} />
          {forDelivery ? (
            <p role="note" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
              Free delivery covers the UK mainland and Ireland. For an address elsewhere, we'll be in touch after you claim to arrange delivery with you.
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
