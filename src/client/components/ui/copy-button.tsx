import { useEffect, useState } from "react";
import { cn } from "../../lib/cn";
import { CheckIcon } from "./icons";

/** Copies `text` to the clipboard and says so for a moment; `label` names what is copied for screen readers. */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, or permission refused): the text is selectable instead.
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      className={cn(
        "inline-flex min-h-9 shrink-0 items-center gap-1 rounded-md border border-stone-300 bg-white px-2.5 text-xs font-semibold text-field-800 hover:border-field-400 hover:bg-field-50",
        className,
      )}
    >
      {copied ? <CheckIcon className="size-3.5" /> : null}
      {copied ? "Copied" : "Copy"}
    </button>
  );
}
