import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { MailIcon } from "../ui/icons";

/**
 * Claiming needs a confirmed email address: says so where the form is, with a way to send the link
 * again (the same call as the account page's banner, three an hour).
 */
export function ClaimEmailNotice({ email, message }: { email: string; message?: string | null }) {
  const [note, setNote] = useState<{ tone: "ok" | "problem"; text: string } | null>(null);
  const utils = trpc.useUtils();
  const resend = trpc.customer.account.resendVerification.useMutation({
    onSuccess: (result) => {
      if (result.alreadyVerified) {
        setNote({ tone: "ok", text: "Your email address is confirmed. You can claim your prize now." });
        void utils.public.auth.session.invalidate();
        return;
      }
      setNote({ tone: "ok", text: `We've sent a new link to ${email}. Open it, then come back to this page.` });
    },
    onError: (error) =>
      setNote({
        tone: "problem",
        text:
          appErrorCode(error) === "RATE_LIMITED"
            ? (serverMessage(error) ?? "You've asked for several links already. Please try again later.")
            : (serverMessage(error) ?? "We couldn't send the email. Please try again."),
      }),
  });

  return (
    <section aria-label="Confirm your email address" className="rounded-xl border border-wheat-300 bg-wheat-50 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3 text-stone-800">
          <MailIcon className="mt-0.5 size-5 shrink-0 text-field-700" />
          <span>
            {message ?? "Please confirm your email address before claiming your prize."} We sent a link to <strong className="break-all">{email}</strong>.
          </span>
        </p>
        <Button variant="secondary" className="shrink-0" pending={resend.isPending} onClick={() => resend.mutate()}>
          Resend email
        </Button>
      </div>
      {note ? (
        <p
          role={note.tone === "problem" ? "alert" : "status"}
          className={`mt-3 text-sm font-medium ${note.tone === "problem" ? "text-danger-700" : "text-field-800"}`}
        >
          {note.text}
        </p>
      ) : null}
    </section>
  );
}
