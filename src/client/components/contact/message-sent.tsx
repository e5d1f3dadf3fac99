import { useEffect, useRef } from "react";
import { Button } from "../ui/button";
import { CheckCircleIcon } from "../ui/icons";

/** Replaces the form after a successful send (SPEC §2 Contact page); a complaint shows its reference. */
export function MessageSent({ reference, onAnother }: { reference: string | null; onAnother: () => void }) {
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
      {reference ? (
        <>
          <p className="rounded-xl border-2 border-field-600 bg-field-50 px-5 py-3 text-lg text-stone-900">
            Your complaint reference is <strong className="font-mono text-field-900">{reference}</strong>
          </p>
          <p className="max-w-md text-stone-700">
            Please quote it if you contact us about this complaint. We have emailed you an acknowledgement, and we will respond within 8 weeks at the latest.
          </p>
        </>
      ) : (
        <p className="max-w-sm text-stone-700">Thanks for getting in touch. We'll get back to you within 24-48 hours.</p>
      )}
      <Button variant="secondary" className="mt-3" onClick={onAnother}>
        Send Another Message
      </Button>
    </div>
  );
}
