import type { ComponentType } from "react";
import { cn } from "../../lib/cn";

export interface Feature {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
}

/** A grid of icon, title and text cards: the benefit and category blurbs across the storefront. */
export function FeatureCards({ items, className, iconTone = "bg-wheat-100 text-wheat-800" }: { items: Feature[]; className: string; iconTone?: string }) {
  return (
    <ul className={cn("grid", className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm">
          <span className={cn("inline-flex size-12 items-center justify-center rounded-xl", iconTone)}>
            <Icon className="size-6" />
          </span>
          <h3 className="mt-4 font-sans text-lg font-bold text-field-900">{title}</h3>
          <p className="mt-2 text-stone-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
