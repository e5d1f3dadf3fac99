import { shortDateTime } from "../../../lib/dates";
import { Button } from "../../ui/button";
import { AdminBadge } from "../ui/badges";
import { Fact } from "../ui/fact";
import { shortDate, type CustomerProfile } from "./customer-types";
import { RecordSection } from "./section";
import { VerifiedBadge } from "./verified-badge";

interface ProfileProps {
  profile: CustomerProfile;
  activeSessions: number;
  onSignOut: () => void;
  onCorrectDateOfBirth: () => void;
}

/** Who the customer is, how to reach them, and the account's state. */
export function CustomerProfileCard({ profile: p, activeSessions, onSignOut, onCorrectDateOfBirth }: ProfileProps) {
  const address = [p.address, p.city, p.postcode, p.country].filter(Boolean).join(", ");
  return (
    <RecordSection
      title="Profile"
      action={
        <div className="flex flex-wrap gap-1.5">
          <VerifiedBadge verified={p.emailVerified} />
          {p.role === "admin" ? <AdminBadge className="bg-field-800 text-white">Admin</AdminBadge> : null}
          {p.closedAt ? (
            <AdminBadge className="bg-danger-100 text-danger-800">Closed</AdminBadge>
          ) : p.isActive ? null : (
            <AdminBadge className="bg-stone-200 text-stone-700">Inactive</AdminBadge>
          )}
        </div>
      }
    >
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact term="Email" valueClassName="break-all" className="sm:col-span-2">
          <a href={`mailto:${p.email}`} className="underline underline-offset-2 hover:text-field-700">
            {p.email}
          </a>
        </Fact>
        <Fact term="Phone">{p.phone ?? "—"}</Fact>
        <Fact term="Date of birth">{p.dateOfBirth ? shortDate(p.dateOfBirth) : "Not given"}</Fact>
        <Fact term="Address" className="sm:col-span-2">
          {address || "—"}
        </Fact>
        <Fact term="Marketing email">{p.marketingEmail ? "Opted in" : "Not opted in"}</Fact>
        <Fact term="Member since">{shortDate(p.createdAt)}</Fact>
        <Fact term="Closed">{p.closedAt ? shortDateTime(p.closedAt) : "No"}</Fact>
        <Fact term="Active sessions">{activeSessions}</Fact>
      </dl>
      <div className="mt-5 flex flex-wrap gap-2 border-t border-cream-200 pt-4">
        <Button size="sm" variant="secondary" onClick={onCorrectDateOfBirth} className="max-sm:flex-1">
          Correct date of birth
        </Button>
        <Button size="sm" variant="secondary" onClick={onSignOut} disabled={activeSessions === 0} className="max-sm:flex-1">
          Sign out everywhere
        </Button>
      </div>
    </RecordSection>
  );
}
