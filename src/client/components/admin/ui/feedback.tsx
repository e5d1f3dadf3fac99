import type { ReactNode } from "react";
import { Card } from "../../ui/card";

/** A query that failed: say what could not be loaded and why. */
export function LoadError({ what, error }: { what: string; error: { message: string } }) {
  return (
    <p role="alert" className="rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-danger-800">
      {what} could not be loaded: {error.message}
    </p>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 py-12 text-center">
      {icon ? <span className="mb-1 text-field-600">{icon}</span> : null}
      <p className="text-lg font-semibold text-field-900">{title}</p>
      {children ? <div className="max-w-md text-stone-700">{children}</div> : null}
    </Card>
  );
}
