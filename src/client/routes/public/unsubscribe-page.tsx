import { useMutation } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { AuthScreen, Outcome } from "../../components/auth/auth-screen";
import { Button, ButtonLink } from "../../components/ui/button";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";

/**
 * /unsubscribe?token=…: the footer link of a marketing mail. Opening it changes nothing (mail
 * scanners follow links); the button does. Works signed out.
 */
export function UnsubscribePage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const unsubscribe = useMutation(trpc.public.auth.unsubscribe.mutationOptions());

  return (
    <AuthScreen title="Unsubscribe" heading="Marketing emails">
      {unsubscribe.isSuccess ? (
        <Outcome tone="success" title="You're unsubscribed">
          <p className="text-stone-700">
            We won't send you marketing emails any more. You'll still get emails about your orders, entries and any win. You can opt in again from your account.
          </p>
          <ButtonLink to="/" variant="secondary" fullWidth>
            Back to competitions
          </ButtonLink>
        </Outcome>
      ) : !token ? (
        <Outcome tone="problem" title="This link is incomplete">
          <p className="text-stone-700">Please use the unsubscribe link at the bottom of one of our emails, or change your preference in your account.</p>
        </Outcome>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-stone-700">Stop emails about new competitions and offers. Emails about your orders, entries and wins will still be sent.</p>
          {unsubscribe.isError ? (
            <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger-700">
              {serverMessage(unsubscribe.error) ?? "Something went wrong. Please try again."}
            </p>
          ) : null}
          <Button fullWidth size="lg" pending={unsubscribe.isPending} onClick={() => unsubscribe.mutate({ token })}>
            Unsubscribe from marketing emails
          </Button>
        </div>
      )}
    </AuthScreen>
  );
}
