import { useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../../lib/cn";
import type { NumberState, Span } from "./number-pages";

const CELL: Record<NumberState, string> = {
  free: "border-stone-300 bg-white text-field-900 hover:border-field-500 hover:bg-field-50",
  chosen: "border-field-700 bg-field-700 text-white shadow-sm hover:bg-field-800",
  held: "border-wheat-300 bg-wheat-100 text-wheat-800",
  sold: "border-stone-300 bg-stone-200 text-stone-500 line-through",
};

/** Long numbers get smaller type, so ten columns still fit a phone. */
function digitsClass(n: number): string {
  const digits = String(n).length;
  if (digits <= 3) return "text-sm";
  if (digits === 4) return "text-xs sm:text-sm";
  if (digits === 5) return "text-[11px] sm:text-sm";
  return "text-[9px] tracking-tighter sm:text-xs md:text-sm";
}

const KEY_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };

interface NumberGridProps {
  span: Span;
  label: string;
  stateOf: (n: number) => NumberState;
  /** Until the page's numbers are known, nothing can be chosen. */
  loading: boolean;
  onToggle: (n: number) => void;
}

/**
 * A page of numbers as ten columns of toggle buttons. One tab stop for the whole grid; the arrow
 * keys (and Home, End) move between the numbers that can be chosen.
 */
export function NumberGrid({ span, label, stateOf, loading, onToggle }: NumberGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const numbers: number[] = [];
  for (let n = span.first; n <= span.last; n++) numbers.push(n);
  const open = (n: number) => !loading && (stateOf(n) === "free" || stateOf(n) === "chosen");
  const tabStop = focused !== null && focused >= span.first && focused <= span.last && open(focused) ? focused : numbers.find(open);

  const move = (from: number, step: number): number | undefined => {
    for (let n = from + step; n >= span.first && n <= span.last; n += step) if (open(n)) return n;
    return undefined;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Number((event.target as HTMLElement).dataset.number);
    if (!Number.isInteger(at)) return;
    const step = KEY_STEP[event.key];
    let next: number | undefined;
    if (step !== undefined) next = move(at, step);
    else if (event.key === "Home") next = numbers.find(open);
    else if (event.key === "End") next = numbers.findLast(open);
    else return;
    event.preventDefault();
    if (next === undefined) return;
    setFocused(next);
    ref.current?.querySelector<HTMLButtonElement>(`[data-number="${next}"]`)?.focus();
  };

  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      aria-busy={loading || undefined}
      data-testid="number-grid"
      onKeyDown={onKeyDown}
      className="grid grid-cols-10 gap-0.5 sm:gap-1"
    >
      {numbers.map((n) => {
        const state = stateOf(n);
        const out = state === "held" || state === "sold";
        return (
          <button
            key={n}
            type="button"
            data-number={n}
            data-state={state}
            tabIndex={n === tabStop ? 0 : -1}
            disabled={out || loading}
            aria-pressed={out ? undefined : state === "chosen"}
            aria-label={out ? `${n}, ${state}` : undefined}
            title={state === "held" ? "Held by a buyer who is paying" : state === "sold" ? "Sold" : undefined}
            onClick={() => {
              setFocused(n);
              onToggle(n);
            }}
            className={cn(
              "flex min-h-10 min-w-0 items-center justify-center rounded-md border font-semibold tabular-nums transition-colors disabled:cursor-not-allowed",
              digitsClass(n),
              CELL[state],
              loading && "opacity-60",
            )}
          >
            {n}
          </button>
        );
      })}
    </div>
  );
}
