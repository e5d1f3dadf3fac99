import type { ReactNode } from "react";
import { useAuth } from "../../hooks/use-auth";
import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { LockIcon, ShieldIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { LoadingState } from "../ui/spinner";

/** Admin pages render only for admins (SPEC §2 Auth guard screens). The server checks again. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading, isAdmin } = useAuth();

  if (isLoading) return <LoadingState label="Checking authentication..." />;

  if (!user) {
    return (
      <GuardCard icon={<LockIcon className="size-7" />} title="Authentication Required">
        <p className="text-stone-700">You need to be logged in to access this page.</p>
        <ButtonLink to="/auth?mode=login" className="mt-6">
          Login to Continue
        </ButtonLink>
      </GuardCard>
    );
  }

  if (!isAdmin) {
    return (
      <GuardCard icon={<ShieldIcon className="size-7" />} title="Admin Access Required">
        <p className="text-stone-700">You don't have permission to access this page. Admin privileges are required.</p>
        <dl className="mt-5 w-full rounded-xl bg-cream-100 px-4 py-3 text-left text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">Signed in as</dt>
            <dd className="font-semibold text-stone-900">
              {user.firstName} {user.lastName}
            </dd>
          </div>
          <div className="mt-1 flex justify-between gap-3">
            <dt className="text-stone-600">Email</dt>
            <dd className="truncate font-semibold text-stone-900">{user.email}</dd>
          </div>
        </dl>
        <ButtonLink to="/" className="mt-6">
          Back to Home
        </ButtonLink>
      </GuardCard>
    );
  }

  return <>{children}</>;
}

function GuardCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Container className="py-16">
      <Card className="mx-auto flex max-w-md flex-col items-center text-center sm:p-8">
        <span className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-wheat-100 text-wheat-800">{icon}</span>
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        {children}
      </Card>
    </Container>
  );
}
