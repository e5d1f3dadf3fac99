import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "../../../lib/cn";

/** A table that scrolls sideways on phones instead of stretching the page. */
export function Table({ caption, minWidth = "44rem", children }: { caption: string; minWidth?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-cream-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-cream-100 text-stone-700">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("px-4 py-3 font-semibold whitespace-nowrap", className)} {...rest} />;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-cream-200">{children}</tbody>;
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-4 py-3 align-top text-stone-900", className)} {...rest} />;
}
