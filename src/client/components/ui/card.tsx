import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-2xl border border-cream-200 bg-white p-5 shadow-sm sm:p-6", className)} {...rest} />;
}
