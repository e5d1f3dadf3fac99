import { AdminBadge } from "../ui/badges";

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <AdminBadge className={verified ? "bg-field-100 text-field-800" : "bg-wheat-100 text-wheat-800"}>{verified ? "Email verified" : "Not verified"}</AdminBadge>
  );
}
