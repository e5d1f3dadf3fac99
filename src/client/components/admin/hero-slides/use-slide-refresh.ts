import { trpc } from "../../../lib/trpc";

/** After a slide changes: the admin list and the home page's active slides. */
export function useSlideRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.admin.heroSlides.list.invalidate();
    void utils.public.content.heroSlides.invalidate();
  };
}
