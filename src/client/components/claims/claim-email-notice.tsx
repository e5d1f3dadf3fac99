import { SentTo, VerifyEmailNotice } from "../account/verify-email-banner";

/** Claiming needs a confirmed email address: says so where the form is, with a way to send the link again. */
export function ClaimEmailNotice({ email, message }: { email: string; message?: string | null }) {
  return (
    <VerifyEmailNotice
      message={
        <>
          {message ?? "Please confirm your email address before claiming your prize."} We sent a link to <SentTo email={email} />.
        </>
      }
      sent={`We've sent a new link to ${email}. Open it, then come back to this page.`}
      alreadyConfirmed="Your email address is confirmed. You can claim your prize now."
      className="rounded-xl sm:p-4"
    />
  );
}
