import type { ReactNode } from "react";
import { LockIcon } from "../../ui/icons";

type SalesLockNoteProps = { fields: string; children?: never } | { fields?: never; children: ReactNode };

/** Code of practice 2.5: said before the admin edits, so the server's refusal is no surprise. Either the fixed fields or its own words. */
export function SalesLockNote({ fields, children }: SalesLockNoteProps) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-wheat-200 bg-wheat-50 px-4 py-3 text-sm text-stone-800">
      <LockIcon className="mt-0.5 size-4 shrink-0 text-wheat-800" />
      <span>{children ?? `This competition has sales, so its ${fields} can no longer be changed.`}</span>
    </p>
  );
}
