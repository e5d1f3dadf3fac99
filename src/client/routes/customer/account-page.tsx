import { useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "react-router-dom";
import { AccountStats } from "../../components/account/account-stats";
import { AccountTabs } from "../../components/account/account-tabs";
import { useFirstEntriesPage } from "../../components/account/entries-list";
import { VerifyEmailBanner } from "../../components/account/verify-email-banner";
import { AccountLimitInvite } from "../../components/protection/account-limit-invite";
import { SuspensionNotice } from "../../components/protection/suspension-notice";
import { Button } from "../../components/ui/button";
import { LogOutIcon, ShieldIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useAuth } from "../../hooks/use-auth";
import { useSuspension } from "../../hooks/use-limits";
import { useLogout } from "../../hooks/use-logout";
import { useTRPC } from "../../lib/trpc";

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** An account opened in the last day is greeted as new ("Welcome"), not as a returning customer. */
function isNewAccount(createdAt: string): boolean {
  const opened = Date.parse(createdAt);
  return !Number.isNaN(opened) && Date.now() - opened < NEW_ACCOUNT_MS;
}

export function AccountPage() {
  const trpc = useTRPC();
  const { user, isLoading } = useAuth();
  const { logout, isLoggingOut } = useLogout();
  // Only asked once someone is signed in (SPEC §7).
  const entries = useFirstEntriesPage(user !== null);
  const wins = useQuery(trpc.customer.entries.wins.queryOptions(undefined, { enabled: user !== null }));
  const suspension = useSuspension();

  if (isLoading) return <LoadingState label="Loading your account..." />;
  if (!user) return <Navigate to="/auth" replace />;

  return (
    <Container className="py-10 sm:py-14">
      <title>My Account | Harvest Draws</title>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">
            {isNewAccount(user.createdAt) ? `Welcome, ${user.firstName}!` : `Welcome back, ${user.firstName}!`}
          </h1>
          <p className="mt-2 text-stone-700">Your entries, wins and details in one place.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to="/safer-play"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-field-700 underline-offset-4 hover:text-field-900 hover:underline"
          >
            <ShieldIcon className="size-4" />
            Safer Play
          </Link>
          <Button variant="secondary" onClick={() => void logout()} pending={isLoggingOut}>
            {isLoggingOut ? null : <LogOutIcon className="size-4" />}
            Log Out
          </Button>
        </div>
      </div>

      <VerifyEmailBanner user={user} className="mb-8" />
      {suspension ? <SuspensionNotice suspension={suspension} className="mb-8" /> : null}
      <div className="mb-8 empty:hidden">
        <AccountLimitInvite userId={user.id} />
      </div>

      <div className="mb-8">
        <AccountStats entries={entries.data} winCount={wins.data?.length} memberSince={user.createdAt} />
      </div>

      <AccountTabs user={user} wins={{ data: wins.data, isPending: wins.isPending, error: wins.error, refetch: () => void wins.refetch() }} />
    </Container>
  );
}
