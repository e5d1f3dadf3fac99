import { cn } from "../../lib/cn";

export type ButtonVariant = "primary" | "accent" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-field-700 text-white shadow-sm hover:bg-field-800 active:bg-field-900",
  accent: "bg-wheat-400 text-field-950 shadow-sm hover:bg-wheat-300 active:bg-wheat-500",
  secondary: "border border-stone-300 bg-white text-field-900 shadow-sm hover:border-field-400 hover:bg-field-50",
  danger: "bg-danger-700 text-white shadow-sm hover:bg-danger-800",
  ghost: "text-field-800 hover:bg-field-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-5 text-base",
  lg: "min-h-12 px-6 text-lg",
};

export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string): string {
  return cn(base, variants[variant], sizes[size], extra);
}
