import { Link } from "react-router-dom";
import { ShieldIcon } from "../ui/icons";

/** The safer-play signpost every checkout carries (COMPLIANCE 1.8). */
export function PlayResponsibly() {
  return (
    <p className="flex gap-2 rounded-xl border border-cream-200 bg-white px-4 py-3 text-sm text-stone-700 shadow-xs">
      <ShieldIcon className="mt-0.5 size-4 shrink-0 text-field-700" />
      <span>
        18+ only. Set a monthly spending limit or take a break at any time from your account.{" "}
        <Link to="/safer-play" className="font-semibold text-field-700 underline underline-offset-4 hover:text-field-900">
          Play responsibly
        </Link>
      </span>
    </p>
  );
}
