import type { ComponentType, SVGProps } from "react";
import { AwardIcon, EyeIcon, UsersIcon } from "../home/more-icons";

const icons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  quality: AwardIcon,
  transparency: EyeIcon,
  community: UsersIcon,
};

/** A feature card; the icon is chosen by name (quality, transparency, community), quality when unknown. */
export function FeatureCard({ title, description, icon }: { title: string; description: string; icon: string }) {
  const Icon = icons[icon.trim().toLowerCase()] ?? AwardIcon;
  return (
    <li className="rounded-2xl border border-cream-200 bg-white p-6 text-center shadow-sm">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-field-100 text-field-700">
        <Icon className="size-7" />
      </span>
      <h3 className="mt-4 font-sans text-lg font-bold text-field-900">{title}</h3>
      <p className="mt-2 text-stone-700">{description}</p>
    </li>
  );
}
