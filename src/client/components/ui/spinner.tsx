import { cn } from "../../lib/cn";

const sizes = { sm: "size-4 border-2", md: "size-6 border-2", lg: "size-10 border-[3px]" } as const;

/** Decorative; pair it with text (or a label) that says what is loading. */
export function Spinner({ size = "md", className }: { size?: keyof typeof sizes; className?: string }) {
  return <span aria-hidden="true" className={cn("inline-block animate-spin rounded-full border-current border-r-transparent", sizes[size], className)} />;
}

/** A centred spinner with a visible message, announced politely to screen readers. */
export function LoadingState({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-field-700">
      <Spinner size="lg" />
      <p className="text-sm font-medium text-stone-600">{label}</p>
    </div>
  );
}
