import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { LoginForm } from "../../components/auth/login-form";
import { RegisterForm } from "../../components/auth/register-form";
import { useNextPath } from "../../components/auth/use-signed-in";
import { Card } from "../../components/ui/card";
import { LockIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";
import { tabClasses, tabListClasses } from "../../components/ui/tab-styles";
import { useAuth } from "../../hooks/use-auth";

const MODES = ["login", "register"] as const;

/**
 * Sign in and create account; the tab follows ?mode= and switching tabs updates it. With ?next= (a
 * path on this site) the customer goes back there afterwards, e.g. to the payment they started.
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const next = useNextPath();
  const { user } = useAuth();
  const selectedIndex = params.get("mode") === "register" ? 1 : 0;
  const onChange = (index: number) => {
    const next = new URLSearchParams(params);
    next.set("mode", MODES[index] ?? "login");
    setParams(next, { replace: true });
  };

  // Already signed in (another tab, or just now): carry on where they were going.
  if (user && next) return <Navigate to={next} replace />;

  return (
    <Container className="py-10 sm:py-14">
      <title>{selectedIndex === 1 ? "Create Account | Harvest Draws" : "Sign In | Harvest Draws"}</title>
      <div className="mx-auto max-w-xl">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold sm:text-4xl">Welcome to Harvest Draws</h1>
          <p className="mt-2 text-stone-700">
            {next
              ? "Sign in or create an account to carry on. Your entry is saved and you'll go straight back to it."
              : "Sign in to see your entries, or create an account to start entering."}
          </p>
        </div>
        <Card className="p-4 sm:p-8">
          <TabGroup selectedIndex={selectedIndex} onChange={onChange}>
            <TabList className={tabListClasses}>
              <Tab className={tabClasses}>Sign In</Tab>
              <Tab className={tabClasses}>Create Account</Tab>
            </TabList>
            <TabPanels className="mt-6">
              <TabPanel>
                <LoginForm />
              </TabPanel>
              <TabPanel>
                <RegisterForm />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </Card>
        <p className="mt-6 flex items-start justify-center gap-2 text-center text-sm text-stone-700">
          <LockIcon className="mt-0.5 size-4 shrink-0 text-field-700" />
          <span>
            By continuing you agree to our{" "}
            <Link to="/terms" className="font-semibold text-field-700 underline underline-offset-4">
              Terms &amp; Conditions
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="font-semibold text-field-700 underline underline-offset-4">
              Privacy Policy
            </Link>
            . You must be 18 or over to enter.
          </span>
        </p>
      </div>
    </Container>
  );
}
