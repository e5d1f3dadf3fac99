import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useSearchParams } from "react-router-dom";
import type { AuthUser } from "../../../shared/schemas/auth";
import type { CustomerEntry } from "../../../shared/schemas/entry";
import { ProtectionTab } from "../protection/protection-tab";
import { tabClasses, tabListClasses } from "../ui/tab-styles";
import { EntriesList, WinsList } from "./account-lists";
import { ProfileForm } from "./profile-form";

/** Tab keys for ?tab=, so a link (or a refusal toast) can open the right one. */
const TABS = [
  { key: "entries", label: "My Entries" },
  { key: "wins", label: "My Wins" },
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
  entries: Loaded<CustomerEntry>;
  wins: Loaded<{ id: string; competitionTitle: string; winDate: string }>;
}

export function AccountTabs({ user, entries, wins }: AccountTabsProps) {
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
      <TabList className={`${tabListClasses} max-w-2xl`}>
        {TABS.map((t) => (
          <Tab key={t.key} className={tabClasses}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        <TabPanel>
          <EntriesList query={entries} />
        </TabPanel>
        <TabPanel>
          <WinsList query={wins} />
        </TabPanel>
        <TabPanel>
          <ProfileForm user={user} />
        </TabPanel>
        <TabPanel>
          <ProtectionTab />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
