import { useMutation, useQuery } from "@tanstack/react-query";
import type { SessionView } from "../../../shared/schemas/account";
import { shortDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { CHANGE_PASSWORD_ID } from "./change-password-form";
import { SettingsSection } from "./settings-section";

function DeviceRow({ session, onSignOut, pending }: { session: SessionView; onSignOut: () => void; pending: boolean }) {
  return (
    <li aria-label={session.device} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
          {session.device}
          {session.current ? <span className="rounded-full bg-field-100 px-2 py-0.5 text-xs font-semibold text-field-800">This device</span> : null}
        </p>
        <p className="mt-1 text-sm text-stone-600">
          Last used {shortDateTime(session.lastUsedAt)} · Signed in {shortDateTime(session.createdAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-auto"
          pending={pending}
          onClick={onSignOut}
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Where the account is signed in, with a way to end any other session (a lost phone, a shared computer). */
export function SignedInDevices() {
  const trpc = useTRPC();
  const sessions = useQuery(trpc.customer.account.sessions.queryOptions());
  const endOne = useMutation(
    trpc.customer.account.endSession.mutationOptions({
      onSuccess: () => {
        toast.success("Signed out", "That device has been signed out.");
      },
      onError: (error) => toast.error("Not signed out", serverMessage(error) ?? "Please try again."),
    }),
  );
  const endOthers = useMutation(
    trpc.customer.account.endOtherSessions.mutationOptions({
      onSuccess: (result) => {
        toast.success("Signed out", result.revoked === 1 ? "1 other device has been signed out." : `${result.revoked} other devices have been signed out.`);
      },
      onError: (error) => toast.error("Not signed out", serverMessage(error) ?? "Please try again."),
    }),
  );
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <SettingsSection
      title="Signed-in devices"
      lead={
        <>
          Anywhere your account is signed in. Sign out of any device you don't recognise, then{" "}
          <a href={`#${CHANGE_PASSWORD_ID}`} className="font-semibold text-field-800 underline">
            change your password
          </a>
          .
        </>
      }
    >
      {sessions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-stone-600">
          <Spinner size="sm" /> Loading devices...
        </p>
      ) : sessions.isError ? (
        <p role="alert" className="text-danger-700">
          We couldn't load your devices.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <ul aria-label="Signed-in devices" className="divide-y divide-cream-200">
            {sessions.data.map((session) => (
              <DeviceRow
                key={session.id}
                session={session}
                pending={endOne.isPending && endOne.variables?.id === session.id}
                onSignOut={() => endOne.mutate({ id: session.id })}
              />
            ))}
          </ul>
          {others > 0 ? (
            <Button variant="secondary" className="mt-5" pending={endOthers.isPending} onClick={() => endOthers.mutate()}>
              Sign out of all other devices
            </Button>
          ) : null}
        </>
      )}
    </SettingsSection>
  );
}
