import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useSearchParams } from "react-router-dom";
import type { AuthUser } from "../../../shared/schemas/auth";
import type { CustomerWin } from "../claims/use-my-wins";
import { ProtectionTab } from "../protection/protection-tab";
import { WinsList } from "./account-lists";
import { EntriesList } from "./entries-list";
import { AccountSettings } from "./account-settings";
import { OrdersTab } from "./orders-tab";
import { ProfileForm } from "./profile-form";
import { ReferAFriendTab } from "./refer-a-friend-tab";
import { SiteCreditTab } from "./site-credit-tab";

/**
 * Seven tabs do not fit one row of a phone or a small tablet: there the pills wrap onto more rows (each
 * growing to fill its row) rather than hiding a label off the edge; from `md` up they share one row
 * (the look of tab-styles.ts).
 */
const TAB_LIST = "flex max-w-3xl flex-wrap gap-1 rounded-xl bg-cream-100 p-1 md:flex-nowrap";
const TAB =
  "min-h-11 flex-auto whitespace-nowrap rounded-lg px-3 text-sm font-semibold text-stone-700 transition-colors hover:bg-white/70 hover:text-field-900 data-selected:bg-white data-selected:text-field-800 data-selected:shadow-sm md:flex-1 md:px-4";

/** Tab keys for ?tab=, so a link (or a refusal toast) can open the right one. */
const TABS = [
  { key: "entries", label: "My Entries" },
  { key: "wins", label: "My Wins" },
  { key: "orders", label: "Orders" },
  { key: "credit", label: "Site Credit" },
  { key: "refer", label: "Refer a Friend" },
  { key: "profile", label: "Profile" },
  { key: "limits", label: "Spending Limits" },
] as const;

interface Loaded<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

interface AccountTabsProps {
  user: AuthUser;
  wins: Loaded<CustomerWin>;
}

export function AccountTabs({ user, wins }: AccountTabsProps) {
  const [params, setParams] = useSearchParams();
  const selectedIndex = Math.max(
    0,
    TABS.findIndex((t) => t.key === params.get("tab")),
  );
  const onChange = (index: number) => {
    const next = new URLSearchParams(params);
    if (index === 0) next.delete("tab");
    else next.set("tab", TABS[index]?.key ?? "entries");
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
      <TabList className={TAB_LIST}>
        {TABS.map((t) => (
          <Tab key={t.key} className={TAB}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        <TabPanel>
          <EntriesList />
        </TabPanel>
        <TabPanel>
          <WinsList query={wins} />
        </TabPanel>
        <TabPanel>
          <OrdersTab />
        </TabPanel>
        <TabPanel>
          <SiteCreditTab />
        </TabPanel>
        <TabPanel>
          <ReferAFriendTab />
        </TabPanel>
        <TabPanel>
          <ProfileForm user={user} />
          <AccountSettings user={user} />
        </TabPanel>
        <TabPanel>
          <ProtectionTab />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
