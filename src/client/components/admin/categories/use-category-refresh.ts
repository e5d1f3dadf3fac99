import { trpc } from "../../../lib/trpc";

export function useCategoryRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.categories.list.invalidate();
    void utils.public.content.categories.invalidate();
  };
}
