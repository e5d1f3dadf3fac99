import type { ReactNode } from "react";

/** The server's answer to a form in the checkout's panels, where the customer is looking (not a toast). */
export function PanelError({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800"
    >
      {children}
    </div>
  );
}
