import { useQuery } from "@tanstack/react-query";
import { CAMPAIGN_CATEGORY_CHOICES } from "../../../../shared/schemas/admin";
import { useTRPC } from "../../../lib/trpc";
import type { SelectOption } from "../ui/select-field";

/** The spec's eight categories, then the active managed ones, then the campaign's own if it is neither. */
export function useCategoryChoices(current: string): SelectOption[] {
  const trpc = useTRPC();
  const managed = useQuery(trpc.admin.categories.list.queryOptions());
  const names: string[] = [...CAMPAIGN_CATEGORY_CHOICES];
  for (const c of managed.data ?? []) if (c.isActive && !names.includes(c.name)) names.push(c.name);
  if (current && !names.includes(current)) names.push(current);
  return names.map((name) => ({ value: name, label: name }));
}
