import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { decimalToPence } from "../../../shared/money";
import type { DiscountCheckResult } from "../../../shared/schemas/discounts";
import { appErrorCode } from "../../lib/trpc-errors";
import { useTRPC } from "../../lib/trpc";

export interface DiscountLine {
  competitionId: string;
  quantity: number;
}

export interface DiscountCode {
  /** What is typed in the box. */
  text: string;
  setText: (text: string) => void;
  /** The code the server priced these lines with, or null. */
  applied: DiscountCheckResult | null;
  /** What it takes off (0 when none). */
  discountPence: number;
  /** Why the code typed gives nothing, in the server's words. */
  error: string | null;
  checking: boolean;
  apply: () => void;
  remove: () => void;
  /** The order was refused for its code (used up meanwhile, say): shown at the box, and the code taken off. */
  refused: (message: string) => void;
  /** What the order sends: the applied code, or nothing. */
  field: { discountCode: string } | Record<string, never>;
}

/**
 * A discount code at checkout: the server prices the lines with it (POST /api/discount-codes/check,
 * nothing taken) and the page shows what it saves; the order's own hold checks it again. When the
 * lines change, an applied code is priced again.
 */
export function useDiscountCode(lines: readonly DiscountLine[], initial = ""): DiscountCode {
  const trpc = useTRPC();
  const check = useMutation(trpc.public.discounts.check.mutationOptions({ meta: { refreshes: [] } }));
  const [text, setText] = useState(initial);
  const [applied, setApplied] = useState<DiscountCheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(lines.map((l) => [l.competitionId, l.quantity]));
  const asked = useRef(0);
  const current = useRef(lines);
  current.current = lines;

  const run = useCallback(
    (code: string) => {
      const trimmed = code.trim();
      if (!trimmed) {
        setError("Enter a discount code");
        return;
      }
      const mine = ++asked.current;
      check.mutate(
        { code: trimmed, lines: current.current.map(({ competitionId, quantity }) => ({ competitionId, quantity })) },
        {
          onSuccess: (result) => {
            if (mine !== asked.current) return;
            setApplied(result);
            setError(null);
          },
          onError: (err) => {
            if (mine !== asked.current) return;
            setApplied(null);
            const code = appErrorCode(err);
            setError(
              code === "DISCOUNT_NOT_APPLICABLE" || code === "INVALID_INPUT" || code === "RATE_LIMITED"
                ? err.message
                : "We couldn't check that code. Please try again.",
            );
          },
        },
      );
    },
    // `check.mutate` is stable; the lines are read when asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // The lines changed (or the page opened with a code): price the code again for them.
  const appliedCode = applied?.code ?? null;
  const first = useRef(initial.trim());
  useEffect(() => {
    const code = appliedCode ?? first.current;
    first.current = "";
    if (code && key !== "[]") run(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return {
    text,
    setText: (t) => {
      setText(t);
      if (error) setError(null);
    },
    applied,
    discountPence: applied ? (decimalToPence(applied.discount) ?? 0) : 0,
    error,
    checking: check.isPending,
    apply: () => run(text),
    remove: () => {
      asked.current++;
      setApplied(null);
      setError(null);
      setText("");
    },
    refused: (message) => {
      asked.current++;
      setApplied(null);
      setError(message);
    },
    field: applied ? { discountCode: applied.code } : {},
  };
}
