import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useState } from "react";
import { tabClasses, tabListClasses } from "../ui/tab-styles";
import { CheckoutLoginForm } from "./checkout-login-form";
import { CheckoutRegisterForm } from "./checkout-register-form";

/** Sign in or create an account inside the checkout: two tabs, and the page never changes. */
export function CheckoutAccountPanel() {
  const [tab, setTab] = useState(0);
  // An address already registered moves to the sign-in tab with it filled in (a new key remounts the form).
  const [signInEmail, setSignInEmail] = useState({ email: "", round: 0 });

  return (
    <TabGroup selectedIndex={tab} onChange={setTab} className="flex flex-col gap-5">
      <TabList className={tabListClasses}>
        <Tab className={tabClasses}>Sign In</Tab>
        <Tab className={tabClasses}>Create Account</Tab>
      </TabList>
      <TabPanels>
        <TabPanel unmount={false}>
          <CheckoutLoginForm key={signInEmail.round} email={signInEmail.email} />
        </TabPanel>
        <TabPanel unmount={false}>
          <CheckoutRegisterForm
            onSignInInstead={(email) => {
              setSignInEmail((prev) => ({ email, round: prev.round + 1 }));
              setTab(0);
            }}
          />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
