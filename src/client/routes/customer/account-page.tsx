import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Navigate } from "react-router-dom";
import { EntriesList, WinsList } from "../../components/account/account-lists";
import { AccountStats } from "../../components/account/account-stats";
import { ProfileForm } from "../../components/account/profile-form";
import { Button } from "../../components/ui/button";
import { LogOutIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { tabClasses, tabListClasses } from "../../components/ui/tab-styles";
import { useAuth } from "../../hooks/use-auth";
import { useLogout } from "../../hooks/use-logout";
import { trpc } from "../../lib/trpc";

export function AccountPage() {
  const { user, isLoading } = useAuth();
  const { logout, isLoggingOut } = useLogout();
  // Only asked once someone is signed in (SPEC §7).
  const entries = trpc.customer.entries.list.useQuery(undefined, { enabled: user !== null });
  const wins = trpc.customer.entries.wins.useQuery(undefined, { enabled: user !== null });

  if (isLoading) return <LoadingState label="Loading your account..." />;
  if (!user) return <Navigate to="/auth" replace />;

  return (
    <Container className="py-10 sm:py-14">
      <title>My Account | Harvest Draws</title>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">Welcome back, {user.firstName}!</h1>
          <p className="mt-2 text-stone-700">Your entries, wins and details in one place.</p>
        </div>
        <Button variant="secondary" onClick={() => void logout()} pending={isLoggingOut}>
          {isLoggingOut ? null : <LogOutIcon className="size-4" />}
          Log Out
        </Button>
      </div>

      <div className="mb-8">
        <AccountStats entries={entries.data} winCount={wins.data?.length} memberSince={user.createdAt} />
      </div>

      <TabGroup>
        <TabList className={`${tabListClasses} max-w-xl`}>
          <Tab className={tabClasses}>My Entries</Tab>
          <Tab className={tabClasses}>My Wins</Tab>
          <Tab className={tabClasses}>Profile</Tab>
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            <EntriesList query={{ data: entries.data, isPending: entries.isPending, error: entries.error, refetch: () => void entries.refetch() }} />
          </TabPanel>
          <TabPanel>
            <WinsList query={{ data: wins.data, isPending: wins.isPending, error: wins.error, refetch: () => void wins.refetch() }} />
          </TabPanel>
          <TabPanel>
            <ProfileForm user={user} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Container>
  );
}
