import { Link } from "react-router-dom";
import { adminTools } from "../../layout/nav-links";
import { ArrowRightIcon } from "../../ui/icons";

/** Every back-office tool, the read-only lists and the player-protection screens included. */
const TOOLS = adminTools;

export function AdminToolLinks() {
  return (
    <nav aria-label="Admin tools" className="mb-8">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TOOLS.map((tool) => (
          <li key={tool.to}>
            <Link
              to={tool.to}
              className="group flex h-full flex-col rounded-xl border border-cream-200 bg-white p-3 shadow-sm transition hover:border-field-300 hover:shadow-md sm:p-4"
            >
              <span className="flex items-center justify-between gap-2 font-sans font-bold text-field-900">
                {tool.label}
                <ArrowRightIcon className="size-4 text-field-600 transition group-hover:translate-x-0.5" />
              </span>
              <span className="mt-1 hidden text-sm text-stone-700 sm:block">{tool.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
