import type { ReactNode } from "react";
import { Button } from "../ui/button";

interface NumbersTakenAlertProps {
  /** The server's words ("Ticket #17 has just been taken by another buyer. …"). */
  message: string;
  /** Free numbers near the lost ones, still on offer. */
  nearby: string[];
  onUse: (n: string) => void;
  /** The screen's other ways on: choose again, or let the numbers be drawn at random. */
  children?: ReactNode;
}

/** Chosen numbers another buyer took first (409 NUMBERS_TAKEN): which, free ones nearby to take instead, and the other ways on. */
export function NumbersTakenAlert({ message, nearby, onUse, children }: NumbersTakenAlertProps) {
  return (
    <div role="alert" data-testid="numbers-taken" className="flex flex-col gap-3 rounded-xl border border-danger-200 bg-danger-50 p-4 text-danger-800">
      <p className="font-semibold">{message}</p>
      {nearby.length > 0 ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-stone-800">These numbers nearby are free:</p>
          <div className="flex flex-wrap gap-2">
            {nearby.map((n) => (
              <Button key={n} variant="secondary" size="sm" onClick={() => onUse(n)}>
                Use #{n} instead
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {children}
    </div>
  );
}
