import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { serverMessage } from "../../lib/trpc-errors";
import { CheckboxField } from "../auth/checkbox-field";
import { SettingsSection } from "./settings-section";

/** The marketing opt-in; mail about orders, entries and wins is sent whatever it says. */
export function MarketingPreference() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.customer.account.preferences.queryOptions());
  const save = useMutation(
    trpc.customer.account.setPreferences.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.customer.account.preferences.queryKey(), result);
        toast.success(
          "Preferences saved",
          result.marketingEmail ? "We'll email you about new competitions and offers." : "We won't send you marketing emails.",
        );
      },
      onError: (error) => toast.error("Preferences not saved", serverMessage(error) ?? "Please try again."),
    }),
  );
  const checked = save.isPending ? (save.variables?.marketingEmail ?? false) : (preferences.data?.marketingEmail ?? false);

  return (
    <SettingsSection title="Email preferences" lead="Emails about your orders, entries and wins are always sent.">
      <CheckboxField
        label="Email me about new competitions and offers. You can unsubscribe at any time."
        checked={checked}
        disabled={!preferences.data || save.isPending}
        onChange={(event) => save.mutate({ marketingEmail: event.target.checked })}
      />
    </SettingsSection>
  );
}
