import { useId } from "react";
import { formatPrice } from "../../../../shared/money";
import type { DiscountCodeView } from "../../../../shared/schemas/discounts";
import { shortDateTime } from "../../../lib/dates";
import { Button } from "../../ui/button";
import { TrashIcon } from "../../ui/icons";
import { confirmDelete } from "../ui/admin-toasts";
import { Fact } from "../ui/fact";
import { discountLabel, minSpendLabel, perCustomerLabel, usesLabel } from "./discount-code-labels";
import { DiscountCodeStateBadge } from "./discount-code-state-badge";
import { useDiscountCodeMutations } from "./use-discount-code-mutations";

interface DiscountCodeCardProps {
  discountCode: DiscountCodeView;
  /** Competition titles by id, to say what a code applies to. */
  competitionTitles: ReadonlyMap<string, string>;
  onEdit: () => void;
}

/** A code at a glance: what it takes off, when and how often it may be used, and what it has given. */
export function DiscountCodeCard({ discountCode: c, competitionTitles, onEdit }: DiscountCodeCardProps) {
  const { remove } = useDiscountCodeMutations();
  const headingId = useId();

  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-lg font-bold break-all text-field-900">
            {c.code}
          </h3>
          <p className="font-semibold text-stone-800">{discountLabel(c)}</p>
        </div>
        <DiscountCodeStateBadge state={c.state} />
      </div>
      {c.description ? <p className="mt-2 line-clamp-2 text-sm text-stone-700">{c.description}</p> : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Fact term="Uses">{usesLabel(c)}</Fact>
        <Fact term="Per customer">{perCustomerLabel(c)}</Fact>
        <Fact term="Minimum spend">{minSpendLabel(c)}</Fact>
        <Fact term="First order only">{c.firstOrderOnly ? "Yes" : "No"}</Fact>
        <Fact term="Starts">{c.startsAt ? shortDateTime(c.startsAt) : "Any time"}</Fact>
        <Fact term="Ends">{c.endsAt ? shortDateTime(c.endsAt) : "No end"}</Fact>
        <Fact term="Applies to" className="col-span-2" valueClassName="font-normal">
          {appliesToLabel(c, competitionTitles)}
        </Fact>
        <Fact term="Discount given" className="col-span-2">
          {`${formatPrice(c.discountGiven)} given`}
        </Fact>
      </dl>
      <div className="mt-auto flex gap-2 pt-4">
        {/* Named "Edit" and "Delete" alone, and described by the card's code, so each says which code it acts on. */}
        <Button size="sm" variant="secondary" className="flex-1" onClick={onEdit} aria-describedby={headingId}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger-700 hover:bg-danger-50"
          pending={remove.isPending}
          aria-describedby={headingId}
          onClick={() => {
            if (confirmDelete(`Are you sure you want to delete the discount code "${c.code}"?`)) remove.mutate({ id: c.id });
          }}
        >
          <TrashIcon className="size-4" />
          Delete
        </Button>
      </div>
    </article>
  );
}

/** "All competitions", or the chosen competitions and categories by name. */
function appliesToLabel(c: DiscountCodeView, titles: ReadonlyMap<string, string>): string {
  if (c.competitionIds.length === 0 && c.categories.length === 0) return "All competitions";
  const names = [...c.competitionIds.map((id) => titles.get(id) ?? "A deleted competition"), ...c.categories.map((name) => `${name} (category)`)];
  return names.join(", ");
}
