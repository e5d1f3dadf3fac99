import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { AuthUser } from "../../../shared/schemas/auth";
import { cn } from "../../lib/cn";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { MailIcon } from "../ui/icons";

interface VerifyEmailNoticeProps {
  /** What the notice says (naming the address with <SentTo>). */
  message: ReactNode;
  /** Said after a new link is sent. */
  sent: string;
  /** Said when the address turns out to be confirmed already; the current user is read again either way. */
  alreadyConfirmed?: string;
  className?: string;
}

/**
 * An unconfirmed address, with a way to send the link again (three an hour): the account page's
 * banner and the claim form's notice.
 */
export function VerifyEmailNotice({ message, sent, alreadyConfirmed, className }: VerifyEmailNoticeProps) {
  const trpc = useTRPC();
  const [note, setNote] = useState<{ tone: "ok" | "problem"; text: string } | null>(null);
  const resend = useMutation(
    trpc.customer.account.resendVerification.mutationOptions({
      onSuccess: (result) => {
        if (result.alreadyVerified) {
          if (alreadyConfirmed) setNote({ tone: "ok", text: alreadyConfirmed });
          return;
        }
        setNote({ tone: "ok", text: sent });
      },
      onError: (error) =>
        setNote({
          tone: "problem",
          text:
            appErrorCode(error) === "RATE_LIMITED"
              ? (serverMessage(error) ?? "You've asked for several links already. Please try again later.")
              : (serverMessage(error) ?? "We couldn't send the email. Please try again."),
        }),
    }),
  );

  return (
    <section aria-label="Confirm your email address" className={cn("rounded-2xl border border-wheat-300 bg-wheat-50 p-4 sm:p-5", className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3 text-stone-800">
          <MailIcon className="mt-0.5 size-5 shrink-0 text-field-700" />
          <span>{message}</span>
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

/** The address a link went to, in bold (long addresses may break anywhere). */
export function SentTo({ email }: { email: string }) {
  return <strong className="break-all">{email}</strong>;
}

/** Shown on the account page while the account's address is unconfirmed. */
export function VerifyEmailBanner({ user, className }: { user: AuthUser; className?: string }) {
  if (user.emailVerified) return null;
  return (
    <VerifyEmailNotice
      message={
        <>
          Please confirm your email address — we sent a link to <SentTo email={user.email} />.
        </>
      }
      sent={`We've sent a new link to ${user.email}.`}
      className={className}
    />
  );
}
