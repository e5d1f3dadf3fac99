import type { AuthUser } from "../../../shared/schemas/auth";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import { DownloadData } from "./download-data";
import { MarketingPreference } from "./marketing-preference";
import { SignedInDevices } from "./signed-in-devices";

/** The account's settings, under the profile form in the Profile tab. */
export function AccountSettings({ user }: { user: AuthUser }) {
  return (
    <div className="mt-6 flex flex-col gap-6">
      <ChangeEmailForm currentEmail={user.email} />
      <ChangePasswordForm />
      <MarketingPreference />
      <SignedInDevices />
      <DownloadData />
    </div>
  );
}
