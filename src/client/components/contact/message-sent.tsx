import { useEffect, useRef } from "react";
import { Button } from "../ui/button";
import { CheckCircleIcon } from "../ui/icons";

/** Replaces the form after a successful send (SPEC §2 Contact page). */
export function MessageSent({ onAnother }: { onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center" role="status">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-field-100 text-field-700">
        <CheckCircleIcon className="size-9" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        Message Sent!
      </h2>
      <p className="max-w-sm text-stone-700">Thanks for getting in touch. We'll get back to you within 24-48 hours.</p>
      <Button variant="secondary" className="mt-3" onClick={onAnother}>
        Send Another Message
      </Button>
    </div>
  );
}
