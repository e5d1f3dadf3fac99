import { useRef, type FormEvent } from "react";
import type { DiscountCodeView } from "../../../../shared/schemas/discounts";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { AdminDialog, DialogActions } from "../ui/admin-dialog";
import { SelectField } from "../ui/select-field";
import { useEditorForm } from "../ui/use-editor-form";
import { AppliesToFields } from "./applies-to-fields";
import {
  discountCodeFormFrom,
  discountCodeInputFrom,
  KINDS,
  NEW_DISCOUNT_CODE,
  validateDiscountCode,
  type DiscountCodeFormValues,
} from "./discount-code-form-state";
import { serverFieldErrors } from "./server-field-errors";
import { SwitchField } from "./switch-field";
import { useDiscountCodeMutations } from "./use-discount-code-mutations";

const FIELDS = Object.keys(NEW_DISCOUNT_CODE) as Array<keyof DiscountCodeFormValues>;

interface DiscountCodeDialogProps {
  open: boolean;
  /** The code being edited, or null to add one. */
  discountCode: DiscountCodeView | null;
  onClose: () => void;
}

export function DiscountCodeDialog({ open, discountCode, onClose }: DiscountCodeDialogProps) {
  return (
    <AdminDialog open={open} onClose={onClose} title={discountCode ? "Edit Discount Code" : "Add Discount Code"} size="lg">
      <DiscountCodeForm discountCode={discountCode} onDone={onClose} />
    </AdminDialog>
  );
}

function DiscountCodeForm({ discountCode, onDone }: { discountCode: DiscountCodeView | null; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(discountCode ? discountCodeFormFrom(discountCode) : NEW_DISCOUNT_CODE);
  const { create, update } = useDiscountCodeMutations({
    onSaved: onDone,
    // The toast says it went wrong; the field it is about says what to change.
    onRefused: (error) => {
      const found = serverFieldErrors(error, FIELDS);
      if (Object.keys(found).length === 0) return;
      form.setErrors(found);
      focusFirstInvalid(formRef.current);
    },
  });
  const pending = create.isPending || update.isPending;
  const { values } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = validateDiscountCode(values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    const input = discountCodeInputFrom(values);
    if (discountCode) update.mutate({ id: discountCode.id, ...input });
    else create.mutate(input);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <TextField
        label="Code"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        placeholder="SPRING10"
        hint="3 to 32 letters, digits, - or _; customers may type it in any case."
        className="[&_input]:font-mono [&_input]:uppercase"
        {...form.text("code")}
      />
      <TextField label="Description" optional maxLength={200} hint="What the code is for, e.g. Spring newsletter." {...form.text("description")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Type" options={KINDS} {...form.text("kind")} />
        {values.kind === "percent" ? (
          <TextField label="Percentage off" required type="number" inputMode="numeric" min={1} max={100} step={1} hint="1 to 100" {...form.text("percent")} />
        ) : (
          <TextField label="Amount off" required inputMode="decimal" placeholder="5.00" hint="In pounds, off the order" {...form.text("amount")} />
        )}
      </div>
      <TextField
        label="Minimum spend"
        optional
        inputMode="decimal"
        placeholder="20.00"
        hint="In pounds, on the competitions it applies to"
        {...form.text("minSpend")}
      />
      <AppliesToFields
        competitionIds={values.competitionIds}
        categories={values.categories}
        onCompetitionsChange={(ids) => form.set("competitionIds", ids)}
        onCategoriesChange={(names) => form.set("categories", names)}
        error={form.errors.competitionIds ?? form.errors.categories}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Starts" type="datetime-local" optional hint="Empty: from now" {...form.text("startsAt")} />
        <TextField label="Ends" type="datetime-local" optional hint="Empty: no end" {...form.text("endsAt")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Total uses" type="number" inputMode="numeric" min={1} step={1} optional hint="Empty: no limit" {...form.text("maxUses")} />
        <TextField
          label="Uses per customer"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          optional
          hint="Empty: no limit"
          {...form.text("maxUsesPerCustomer")}
        />
      </div>
      <div className="flex flex-col gap-4 rounded-xl border border-cream-200 p-4">
        <SwitchField label="First order only" hint="Only for a customer who has not paid for an order before." {...form.check("firstOrderOnly")} />
        <SwitchField label="Active" hint="Switched off, the code cannot be used." {...form.check("active")} />
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Saving..." : discountCode ? "Save Changes" : "Create Code"}
        </Button>
      </DialogActions>
    </form>
  );
}
