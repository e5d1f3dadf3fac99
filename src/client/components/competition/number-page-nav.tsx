import { useId, useState, type KeyboardEvent } from "react";
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from "../ui/icons";
import { BLOCK_SIZE, PAGE_SIZE, pageCount, pageOf, pageSpan, spanLabel } from "./number-pages";

/** Above this many pages the select lists the current thousand's pages only, and "Go to number" reaches the rest. */
const ALL_PAGES_UP_TO = 50;

const stepButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-stone-300 bg-white text-field-800 shadow-xs hover:bg-field-50 disabled:cursor-not-allowed disabled:opacity-50";

function listedPages(page: number, pages: number): number[] {
  if (pages <= ALL_PAGES_UP_TO) return Array.from({ length: pages }, (_, p) => p);
  const perBlock = BLOCK_SIZE / PAGE_SIZE;
  const first = Math.floor(page / perBlock) * perBlock;
  return Array.from({ length: Math.min(perBlock, pages - first) }, (_, i) => first + i);
}

/** Which hundred numbers the grid shows: previous and next, a select of pages, and for a big competition a number to jump to. */
export function NumberPageNav({ page, maxTickets, onPage }: { page: number; maxTickets: number; onPage: (page: number) => void }) {
  const id = useId();
  const pages = pageCount(maxTickets);
  const [target, setTarget] = useState("");
  const [targetError, setTargetError] = useState<string | null>(null);

  const jump = () => {
    const n = Number(target.trim());
    if (!Number.isInteger(n) || n < 1 || n > maxTickets) {
      setTargetError(`Enter a number from 1 to ${maxTickets}`);
      return;
    }
    setTargetError(null);
    onPage(pageOf(n));
  };
  // Enter here jumps; it must not send the entry form around the picker.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    jump();
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <button type="button" className={stepButton} onClick={() => onPage(page - 1)} disabled={page <= 0} aria-label="Previous 100 numbers">
          <ChevronLeftIcon className="size-5" />
        </button>
        <label htmlFor={`${id}-page`} className="sr-only">
          Numbers shown
        </label>
        <div className="relative min-w-0 flex-1">
          <select
            id={`${id}-page`}
            value={page}
            onChange={(e) => onPage(Number(e.target.value))}
            className="min-h-11 w-full appearance-none rounded-lg border border-stone-300 bg-white py-2 pl-3 pr-9 text-base font-semibold tabular-nums text-stone-900 shadow-xs"
          >
            {listedPages(page, pages).map((p) => (
              <option key={p} value={p}>
                {spanLabel(pageSpan(p, maxTickets))}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-stone-600" />
        </div>
        <button type="button" className={stepButton} onClick={() => onPage(page + 1)} disabled={page >= pages - 1} aria-label="Next 100 numbers">
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      {maxTickets > BLOCK_SIZE ? (
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-go`} className="shrink-0 text-sm font-semibold text-stone-800">
              Go to number
            </label>
            <input
              id={`${id}-go`}
              type="number"
              inputMode="numeric"
              min={1}
              max={maxTickets}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={targetError ? true : undefined}
              aria-describedby={targetError ? `${id}-go-error` : undefined}
              className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-base tabular-nums shadow-xs"
            />
            <button
              type="button"
              onClick={jump}
              className="min-h-11 shrink-0 rounded-lg border border-stone-300 bg-white px-4 font-semibold text-field-900 hover:bg-field-50"
            >
              Go
            </button>
          </div>
          {targetError ? (
            <p id={`${id}-go-error`} className="text-sm font-medium text-danger-700">
              {targetError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
