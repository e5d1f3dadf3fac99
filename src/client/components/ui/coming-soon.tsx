import type { ReactNode } from "react";
import { Card } from "./card";
import { SproutIcon } from "./icons";

/** An honest placeholder for a screen that has not been built yet. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 py-12 text-center">
      <SproutIcon className="size-10 text-field-600" />
      <p className="text-lg font-semibold text-field-900">This page is on its way.</p>
      <p className="max-w-md text-stone-700">{children ?? "We're putting the finishing touches to it. Please check back soon."}</p>
    </Card>
  );
}
