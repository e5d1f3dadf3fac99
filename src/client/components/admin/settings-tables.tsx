import { shortDateTime } from "../../lib/dates";
import type { Setting } from "./settings-types";

function byCategory(settings: Setting[]): Array<[string, Setting[]]> {
  const groups = new Map<string, Setting[]>();
  for (const s of settings) {
    const list = groups.get(s.category) ?? [];
    list.push(s);
    groups.set(s.category, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => [category, list.sort((x, y) => x.key.localeCompare(y.key))]);
}

function categoryTitle(category: string): string {
  const words = category.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "General";
}

/** Read-only list of settings, one table per category. */
export function SettingsTables({ settings }: { settings: Setting[] }) {
  if (settings.length === 0) {
    return <p className="text-stone-700">No settings have been saved yet; the site is using its defaults.</p>;
  }
  return (
    <div className="flex flex-col gap-8">
      {byCategory(settings).map(([category, list]) => (
        <section key={category} aria-labelledby={`settings-${category}`}>
          <h2 id={`settings-${category}`} className="mb-3 text-xl font-bold">
            {categoryTitle(category)}
          </h2>
          <div className="overflow-x-auto rounded-2xl border border-cream-200 bg-white shadow-sm">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-cream-100 text-stone-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Setting
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Value
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Description
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Updated
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-cream-200">
                {list.map((s) => (
                  <tr key={s.key}>
                    <th scope="row" className="px-4 py-3 font-mono text-xs font-semibold text-field-900">
                      {s.key}
                    </th>
                    <td className="px-4 py-3 break-all text-stone-900">{s.value}</td>
                    <td className="px-4 py-3 text-stone-700">{s.description ?? "—"}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-stone-600">{shortDateTime(s.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
