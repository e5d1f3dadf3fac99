import { Button } from "./button";

/**
 * The foot of a list read a page at a time: "Showing 20 of 1,200 entries" and, while there is more,
 * a Show more button that asks for the next page.
 */
export function ShowMore({ shown, total, noun, onMore }: { shown: number; total: number; noun: string; onMore: () => void }) {
  return (
    <div className="mt-6 flex flex-col items-center gap-3">
      <p className="text-sm text-stone-600" aria-live="polite">
        Showing {shown.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")} {noun}
      </p>
      {shown < total ? (
        <Button variant="secondary" onClick={onMore}>
          Show more
        </Button>
      ) : null}
    </div>
  );
}
