import { Link } from "react-router-dom";
import { cn } from "../../lib/cn";
import { ShieldIcon } from "../ui/icons";

interface Suspension {
  until: string;
  kind: string;
  message: string;
}

const TITLES: Record<string, string> = {
  break: "You are taking a break",
  self_exclusion: "You have self-excluded",
  restricted: "Your account is restricted",
};

/** The player's break, self-exclusion or restriction in their own words from the server. */
export function SuspensionNotice({ suspension, className }: { suspension: Suspension; className?: string }) {
  return (
    <section aria-labelledby="suspension-heading" className={cn("rounded-2xl border-2 border-field-700 bg-field-50 p-5 shadow-sm sm:p-6", className)}>
      <h2 id="suspension-heading" className="flex items-center gap-2 text-2xl font-bold">
        <ShieldIcon className="size-6 shrink-0 text-field-700" />
        {TITLES[suspension.kind] ?? "Your account is paused"}
      </h2>
      <p className="mt-2 text-lg text-stone-900">{suspension.message}</p>
      <p className="mt-2 text-stone-700">
        It cannot be shortened or lifted early. If you would like to talk to someone, free and confidential help is listed on our{" "}
        <Link to="/safer-play" className="font-semibold text-field-700 underline underline-offset-4">
          Safer Play
        </Link>{" "}
        page.
      </p>
    </section>
  );
}
