import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { VERIFY_LINK_INVALID } from "../../../shared/schemas/account";
import { AuthScreen, Outcome } from "../../components/auth/auth-screen";
import { verifyOnce, type VerifyEmailResult } from "../../components/auth/verify-once";
import { Button, ButtonLink } from "../../components/ui/button";
import { LoadingState } from "../../components/ui/spinner";
import { useAuth } from "../../hooks/use-auth";
import { authHref } from "../../lib/safe-next";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";

type Outcome = { state: "pending" } | { state: "done"; result: VerifyEmailResult } | { state: "expired" } | { state: "failed"; message: string };

function ResendLink() {
  const trpc = useTRPC();
  const [sent, setSent] = useState(false);
  const resend = useMutation(
    trpc.customer.account.resendVerification.mutationOptions({
      onSuccess: (result) => {
        if (result.alreadyVerified) toast.success("Already confirmed", "Your email address is already confirmed.");
        else setSent(true);
      },
      onError: (error) => toast.error("Link not sent", serverMessage(error) ?? "Please try again."),
    }),
  );
  if (sent) return <p className="font-medium text-field-800">We've sent a new link. Please check your email.</p>;
  return (
    <Button fullWidth pending={resend.isPending} onClick={() => resend.mutate()}>
      Send a new link
    </Button>
  );
}

/** /auth/verify?token=…: the link in a verification or email-change mail. Posts the token once on arrival. */
export function VerifyEmailPage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { user, isLoading } = useAuth();
  // The banner and the profile read the current user: the rule refreshes it wherever this tab is signed in.
  const { mutateAsync: verify } = useMutation(
    trpc.public.auth.verifyEmail.mutationOptions({ meta: { refreshes: ["public.auth.session", "customer.account"] } }),
  );
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "pending" } : { state: "expired" });

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token, (t) => verify({ token: t })).then(
      (result) => {
        if (live) setOutcome({ state: "done", result });
      },
      (error: unknown) => {
        if (!live) return;
        if (appErrorCode(error) === "LINK_EXPIRED" || appErrorCode(error) === "INVALID_INPUT") setOutcome({ state: "expired" });
        else setOutcome({ state: "failed", message: serverMessage(error) ?? "Something went wrong. Please try again." });
      },
    );
    return () => {
      live = false;
    };
  }, [token, verify]);

  return (
    <AuthScreen title="Confirm Email" heading="Confirm your email address">
      {outcome.state === "pending" ? (
        <LoadingState label="Confirming your email address..." />
      ) : outcome.state === "done" ? (
        <Outcome
          tone="success"
          title={outcome.result.kind === "email_changed" ? `Your email address is now ${outcome.result.email}` : "Email address confirmed"}
        >
          <p className="text-stone-700">
            {outcome.result.kind === "email_changed"
              ? "Use it the next time you sign in. We'll send everything about your entries there from now on."
              : `Thank you. ${outcome.result.email} is confirmed, so you won't miss news about your entries or a win.`}
          </p>
          <ButtonLink to="/account" fullWidth>
            Go to my account
          </ButtonLink>
        </Outcome>
      ) : outcome.state === "expired" ? (
        <Outcome tone="problem" title="Link expired">
          <p className="text-stone-700">{VERIFY_LINK_INVALID}</p>
          {isLoading ? null : user && !user.emailVerified ? (
            <ResendLink />
          ) : user ? (
            <ButtonLink to="/account?tab=profile" variant="secondary" fullWidth>
              Go to my account
            </ButtonLink>
          ) : (
            <>
              <p className="text-stone-700">Sign in to ask for a new link.</p>
              <ButtonLink to={authHref("login", "/account")} fullWidth>
                Sign In
              </ButtonLink>
            </>
          )}
        </Outcome>
      ) : (
        <Outcome tone="problem" title="We couldn't confirm your email">
          <p className="text-stone-700">{outcome.message}</p>
        </Outcome>
      )}
    </AuthScreen>
  );
}
