import { useRef, type FormEvent, type ReactNode } from "react";
import { categoryInput } from "../../../../shared/schemas/admin";
import { focusFirstInvalid } from "../../../lib/form-errors";
import { TextField } from "../../ui/text-field";
import { CheckboxField } from "../ui/checkbox-field";
import { useEditorForm } from "../ui/use-editor-form";

export interface CategoryValues {
  name: string;
  description: string;
  isActive: boolean;
}

interface CategoryFieldsProps {
  initial: CategoryValues;
  onSubmit: (values: CategoryValues, showError: (message: string) => void) => void;
  /** The submit (and any cancel) buttons. */
  actions: ReactNode;
  idPrefix: string;
}

/** Name, description and active flag, checked with the shared schema before anything is sent. */
export function CategoryFields({ initial, onSubmit, actions, idPrefix }: CategoryFieldsProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useEditorForm(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = categoryInput.safeParse(form.values);
    if (!parsed.success) {
      form.showZodErrors(parsed.error);
      focusFirstInvalid(formRef.current);
      return;
    }
    onSubmit({ ...form.values, name: form.values.name.trim() }, (message) => form.setErrors({ name: message }));
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField id={`${idPrefix}-name`} label="Category Name" required {...form.text("name")} />
      <TextField id={`${idPrefix}-description`} label="Category Description" optional {...form.text("description")} />
      <CheckboxField label="Active" hint="Offered when creating campaigns." {...form.check("isActive")} />
      <div className="flex flex-wrap justify-end gap-3">{actions}</div>
    </form>
  );
}
