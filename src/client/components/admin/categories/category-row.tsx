import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { category } from "../../../../shared/schemas/content";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { serverMessage } from "../../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { TrashIcon } from "../../ui/icons";
import { confirmDelete, failureToast } from "../ui/admin-toasts";
import { ActiveBadge } from "../ui/badges";
import { CategoryFields } from "./category-fields";

type Category = z.infer<typeof category>;

/** A category with rename (inline), activate/deactivate and delete. */
export function CategoryRow({ category: c }: { category: Category }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState(false);
  const update = useMutation(trpc.admin.categories.update.mutationOptions());
  const remove = useMutation(
    trpc.admin.categories.remove.mutationOptions({
      onSuccess: () => {
        toast.success("Category deleted", c.name);
      },
      onError: (error) => failureToast("Failed to delete category", error),
    }),
  );
  const fields = { name: c.name, description: c.description ?? "", isActive: c.isActive };
  const save = (values: typeof fields, showError?: (message: string) => void) =>
    update.mutate(
      { id: c.id, ...values },
      {
        onSuccess: (saved) => {
          toast.success("Category updated", saved.name);
          setEditing(false);
        },
        onError: (error) => {
          failureToast("Failed to update category", error);
          const message = serverMessage(error);
          if (message && showError) showError(message);
        },
      },
    );

  if (editing) {
    return (
      <li className="rounded-2xl border border-field-300 bg-white p-4 shadow-sm">
        <CategoryFields
          idPrefix={`category-${c.id}`}
          initial={fields}
          onSubmit={save}
          actions={
            <>
              <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" pending={update.isPending}>
                {update.isPending ? "Saving..." : "Save"}
              </Button>
            </>
          }
        />
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-sans text-lg font-bold">{c.name}</h3>
          <ActiveBadge active={c.isActive} />
        </div>
        {c.description ? <p className="text-sm text-stone-700">{c.description}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Rename ${c.name}`}>
          Rename
        </Button>
        <Button size="sm" variant="secondary" pending={update.isPending} onClick={() => save({ ...fields, isActive: !c.isActive })}>
          {c.isActive ? "Deactivate" : "Activate"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger-700 hover:bg-danger-50"
          pending={remove.isPending}
          aria-label={`Delete ${c.name}`}
          onClick={() => {
            if (confirmDelete(`Are you sure you want to delete the category "${c.name}"?`)) remove.mutate({ id: c.id });
          }}
        >
          <TrashIcon className="size-4" />
        </Button>
      </div>
    </li>
  );
}
