import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Label } from "@headlessui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { CustomerSummary } from "../../../../shared/schemas/customers";
import { cn } from "../../../lib/cn";
import { useTRPC } from "../../../lib/trpc";
import { ChevronDownIcon } from "../../ui/icons";
import { useDebounced } from "../entries/entry-filters";
import { inputClasses, labelClasses } from "../ui/field-styles";

export type PickedCustomer = Pick<CustomerSummary, "id" | "firstName" | "lastName" | "email">;

export const customerChoice = (c: PickedCustomer) => `${c.firstName} ${c.lastName} — ${c.email}`;

interface CustomerPickerProps {
  label: string;
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string;
  hint?: string;
}

/** Find one customer by name or email (admin.customers.list) and pick them: "Name — email". */
export function CustomerPicker({ label, value, onChange, error, hint }: CustomerPickerProps) {
  const trpc = useTRPC();
  const [query, setQuery] = useState("");
  const search = useDebounced(query.trim(), 250);
  const found = useQuery(trpc.admin.customers.list.queryOptions({ search }, { enabled: search.length >= 2, placeholderData: keepPreviousData, staleTime: 0 }));
  const messageId = useId();
  const customers = search.length >= 2 ? (found.data?.customers ?? []) : [];

  return (
    <Combobox value={value} onChange={onChange} onClose={() => setQuery("")} by="id" immediate>
      <div className="flex flex-col gap-1.5">
        <Label className={labelClasses}>{label}</Label>
        <div className="relative">
          <ComboboxInput
            className={inputClasses(error, "pr-10")}
            placeholder="Type a name or email"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error || hint ? messageId : undefined}
            displayValue={(c: PickedCustomer | null) => (c ? customerChoice(c) : "")}
            onChange={(e) => {
              setQuery(e.target.value);
              if (value) onChange(null);
            }}
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-3 text-stone-600" aria-label="Show customers">
            <ChevronDownIcon className="size-4" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-72 w-(--input-width) overflow-y-auto rounded-lg border border-cream-200 bg-white p-1 shadow-lg [--anchor-gap:4px] empty:invisible"
        >
          {search.length < 2 ? (
            <p className="px-3 py-2 text-sm text-stone-600">Type at least 2 letters of a name or email.</p>
          ) : found.isPending ? (
            <p className="px-3 py-2 text-sm text-stone-600">Searching...</p>
          ) : customers.length === 0 ? (
            <p className="px-3 py-2 text-sm text-stone-600">No customers match.</p>
          ) : (
            customers.map((c) => (
              <ComboboxOption
                key={c.id}
                value={c}
                className={cn("cursor-pointer rounded-md px-3 py-2 text-sm break-words text-stone-900 data-focus:bg-field-100 data-selected:font-semibold")}
              >
                {customerChoice(c)}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
        {error ? (
          <p id={messageId} className="text-sm font-medium text-danger-700">
            {error}
          </p>
        ) : hint ? (
          <p id={messageId} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </Combobox>
  );
}
