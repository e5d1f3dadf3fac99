import { useCallback, useState } from "react";
import type { NumbersTaken } from "../../lib/checkout-errors";

export interface LostNumbers {
  /** The server's message. */
  message: string;
  /** Lost numbers not yet replaced, in order. */
  lost: string[];
  /** Free numbers near them, still on offer. */
  nearby: string[];
  /** What has been taken instead so far. */
  replaced: Array<{ lost: string; now: string }>;
}

/** A checkout's numbers lost to another buyer, and the replacements taken from the free ones offered. */
export function useNumbersTaken() {
  const [state, setState] = useState<LostNumbers | null>(null);

  const report = useCallback((taken: NumbersTaken, message: string) => setState({ message, lost: taken.lost, nearby: taken.nearby, replaced: [] }), []);

  /** Takes `n` in place of the first lost number still to replace; returns that lost number. */
  const replaceWith = (n: string): string | null => {
    const lost = state?.lost[0];
    if (!state || lost === undefined) return null;
    setState({ ...state, lost: state.lost.slice(1), nearby: state.nearby.filter((x) => x !== n), replaced: [...state.replaced, { lost, now: n }] });
    return lost;
  };

  const clear = useCallback(() => setState(null), []);

  return { state, report, replaceWith, clear };
}

/** "Now #16 instead of #17." for the replacements made. */
export function replacedText(replaced: LostNumbers["replaced"]): string {
  return `Now ${replaced.map((r) => `#${r.now} instead of #${r.lost}`).join(", ")}.`;
}
