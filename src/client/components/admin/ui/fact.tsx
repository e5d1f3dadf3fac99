import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/** One term and its value in a back-office `<dl>` (cards, the draw panel). */
export function Fact({ term, children, className, valueClassName }: { term: string; children: ReactNode; className?: string; valueClassName?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className={cn("mt-0.5 font-semibold text-field-900", valueClassName)}>{children}</dd>
    </div>
  );
}
