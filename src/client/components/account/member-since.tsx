import { monthAndYear } from "../../lib/dates";
import { CalendarIcon } from "../ui/icons";

export function MemberSince({ createdAt }: { createdAt: string | null | undefined }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-field-50 text-field-700">
        <CalendarIcon className="size-6" />
      </span>
      <div>
        <p className="text-sm font-medium text-stone-600">Member Since</p>
        <p className="whitespace-nowrap text-lg font-bold text-field-900">{monthAndYear(createdAt)}</p>
      </div>
    </div>
  );
}
