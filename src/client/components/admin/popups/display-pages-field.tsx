import { POPUP_PAGES } from "../../../../shared/schemas/content";

const DESCRIPTIONS: Record<(typeof POPUP_PAGES)[number], string> = {
  "/": "Home",
  "/auth": "Sign in",
  "/account": "Account",
  "/competitions": "Competitions list",
  "/competition/*": "Any competition page",
  "/admin": "Admin",
  "*": "Every page",
};

/** The pages a pop-up shows on: a group of checkboxes, one per choice. */
export function DisplayPagesField({ value, onChange }: { value: string[]; onChange: (pages: string[]) => void }) {
  const toggle = (page: string, on: boolean) => onChange(on ? [...value, page] : value.filter((p) => p !== page));
  return (
    <fieldset className="rounded-xl border border-cream-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">Display Pages</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {POPUP_PAGES.map((page) => (
          <label key={page} className="flex min-h-9 items-center gap-3 text-sm">
            <input type="checkbox" className="size-5 accent-field-700" checked={value.includes(page)} onChange={(e) => toggle(page, e.target.checked)} />
            <span>
              <code className="font-semibold text-field-900">{page}</code> <span className="text-stone-600">{DESCRIPTIONS[page]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
