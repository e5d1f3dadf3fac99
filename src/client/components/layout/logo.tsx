import { useState } from "react";
import { Link } from "react-router-dom";
import { WheatIcon } from "../ui/icons";

/** The logo artwork with the wordmark; falls back to the inline mark if the artwork is missing. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const [artworkFailed, setArtworkFailed] = useState(false);
  return (
    <Link to="/" className="inline-flex items-center gap-2.5 rounded-md">
      {artworkFailed ? (
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-field-700 text-wheat-300">
          <WheatIcon className="size-5" />
        </span>
      ) : (
        <img src="/images/logo.svg" alt="" width={36} height={36} className="size-9" onError={() => setArtworkFailed(true)} />
      )}
      <span className={`font-display text-xl font-bold tracking-tight ${tone === "light" ? "text-white" : "text-field-900"}`}>Harvest Draws</span>
    </Link>
  );
}
