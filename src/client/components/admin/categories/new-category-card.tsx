import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { serverMessage } from "../../../lib/trpc-errors";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { failureToast } from "../ui/admin-toasts";
import { CategoryFields } from "./category-fields";

const EMPTY = { name: "", description: "", isActive: true };

export function NewCategoryCard() {
  const trpc = useTRPC();
  const [round, setRound] = useState(0);
  const create = useMutation(trpc.admin.categories.create.mutationOptions());
  return (
    <Card>
      <h2 className="mb-4 text-xl font-bold">Add Category</h2>
      <CategoryFields
        key={round}
        idPrefix="new-category"
        initial={EMPTY}
        onSubmit={(values, showError) =>
          create.mutate(values, {
            onSuccess: (saved) => {
              toast.success("Category created", saved.name);
              setRound((n) => n + 1);
            },
            onError: (error) => {
              failureToast("Failed to create category", error);
              const message = serverMessage(error);
              if (message) showError(message);
            },
          })
        }
        actions={
          <Button type="submit" pending={create.isPending}>
            {create.isPending ? "Saving..." : "Add Category"}
          </Button>
        }
      />
    </Card>
  );
}
