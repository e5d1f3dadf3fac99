import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { AdminPage } from "../../components/admin/admin-page";
import { CustomerAudit } from "../../components/admin/customers/customer-audit";
import { CustomerClaims } from "../../components/admin/customers/customer-claims";
import { CustomerEntries } from "../../components/admin/customers/customer-entries";
import { CustomerCredit } from "../../components/admin/customers/customer-credit";
import { CustomerNotes } from "../../components/admin/customers/customer-notes";
import { CustomerOrders } from "../../components/admin/customers/customer-orders";
import { CustomerProfileCard } from "../../components/admin/customers/customer-profile-card";
import { CustomerComplaints, CustomerProtection } from "../../components/admin/customers/customer-protection";
import { fullName } from "../../components/admin/customers/customer-types";
import { failureToast } from "../../components/admin/ui/admin-toasts";
import { DateOfBirthDialog } from "../../components/admin/protection/date-of-birth-dialog";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { LoadingState } from "../../components/ui/spinner";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode } from "../../lib/trpc-errors";

const BACK = { to: "/admin/customers", label: "Back to Customers" };

/** /admin/customers/:id: everything about one customer, and what staff can do for them. */
export function AdminCustomerPage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const record = useQuery(trpc.admin.customers.get.queryOptions({ id }, { staleTime: 0 }));
  const [signingOut, setSigningOut] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const revoke = useMutation(
    trpc.admin.users.revokeSessions.mutationOptions({
      onSuccess: ({ revoked }) => {
        toast.success("Signed out everywhere", `${revoked === 1 ? "1 session" : `${revoked} sessions`} ended.`);
        setSigningOut(false);
      },
      onError: (error) => failureToast("Failed to sign the customer out", error),
    }),
  );

  if (record.isPending) {
    return (
      <AdminPage title="Customer" back={BACK}>
        <LoadingState label="Loading the customer..." />
      </AdminPage>
    );
  }
  if (record.isError) {
    const code = appErrorCode(record.error);
    return (
      <AdminPage title="Customer" back={BACK}>
        {code === "NOT_FOUND" || code === "INVALID_INPUT" ? (
          <EmptyState title="Customer not found">There is no customer with this id.</EmptyState>
        ) : (
          <LoadError what="The customer" error={record.error} />
        )}
      </AdminPage>
    );
  }

  const c = record.data;
  const name = fullName(c.profile);
  return (
    <AdminPage title={name} lead={c.profile.email} back={BACK}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerProfileCard
            profile={c.profile}
            activeSessions={c.activeSessions}
            onSignOut={() => setSigningOut(true)}
            onCorrectDateOfBirth={() => setCorrecting(true)}
          />
          <CustomerOrders orders={c.orders} />
          <CustomerEntries entries={c.entries} wins={c.wins} />
          <CustomerClaims claims={c.claims} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CustomerNotes customerId={c.profile.id} notes={c.notes} />
          <CustomerCredit customerId={c.profile.id} />
          <CustomerProtection protection={c.protection} />
          <CustomerComplaints complaints={c.complaints} email={c.profile.email} />
          <CustomerAudit audit={c.audit} />
        </div>
      </div>
      <DateOfBirthDialog
        player={correcting ? { userId: c.profile.id, name: fullName(c.profile), email: c.profile.email, dateOfBirth: c.profile.dateOfBirth } : null}
        onClose={() => setCorrecting(false)}
      />
      <ConfirmDialog
        open={signingOut}
        title="Sign out everywhere?"
        confirmLabel="Confirm"
        pending={revoke.isPending}
        onClose={() => setSigningOut(false)}
        onConfirm={() => revoke.mutate({ userId: c.profile.id, reason: "Customer record: signed out everywhere" })}
      >
        <p>
          End every session of <strong className="font-semibold text-stone-900">{name}</strong> ({c.profile.email}) on every device. They can sign in again
          unless their account is restricted.
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
