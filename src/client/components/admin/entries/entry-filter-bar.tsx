import { useQuery } from "@tanstack/react-query";
import { ORDER_STATUS_VALUES } from "../../../../shared/schemas/order";
import { ORDER_STATUS_LABELS } from "../../../lib/order-status";
import { useTRPC } from "../../../lib/trpc";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { SelectField } from "../ui/select-field";
import { NO_FILTERS, type EntryFilterValues } from "./entry-filters";

const PAYMENT = [
  { value: "paid", label: "Paid" },
  { value: "pending", label: "Pending" },
  { value: "failed", label: "Failed" },
  { value: "refunded", label: "Refunded" },
  { value: "disputed", label: "Disputed" },
  { value: "other", label: "Other" },
];
const ORDER = ORDER_STATUS_VALUES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
const METHOD = [
  { value: "online", label: "Online" },
  { value: "postal", label: "Postal" },
];

interface EntryFilterBarProps {
  value: EntryFilterValues;
  onChange: (next: EntryFilterValues) => void;
}

export function EntryFilterBar({ value, onChange }: EntryFilterBarProps) {
  const trpc = useTRPC();
  const competitions = useQuery(trpc.admin.competitions.list.queryOptions());
  const options = (competitions.data ?? []).map((c) => ({ value: c.id, label: c.title }));
  const bind = <K extends keyof EntryFilterValues>(key: K) => ({
    value: value[key],
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value }),
  });
  const active = JSON.stringify(value) !== JSON.stringify(NO_FILTERS);

  return (
    <search className="mb-6 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label="Search" type="search" placeholder="Name or email" {...bind("search")} />
        <SelectField label="Competition" options={options} placeholder="All competitions" {...bind("competitionId")} />
        <div className="grid grid-cols-2 gap-4">
          <SelectField label="Payment Status" options={PAYMENT} placeholder="Any" {...bind("paymentStatus")} />
          <SelectField label="Entry Method" options={METHOD} placeholder="Any" {...bind("entryMethod")} />
        </div>
        <SelectField label="Order Status" options={ORDER} placeholder="Any" {...bind("orderStatus")} />
        <TextField label="From" type="date" {...bind("from")} />
        <TextField label="To" type="date" {...bind("to")} />
        <div className="flex items-end">
          <Button variant="ghost" disabled={!active} onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      </div>
    </search>
  );
}
