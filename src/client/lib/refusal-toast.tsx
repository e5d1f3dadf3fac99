import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router-dom";
import { toast as sonner } from "sonner";
import type { AppErrorCode } from "../../shared/errors";
import { safeNextPath } from "./safe-next";
import { toast } from "./toast";

/** Where the profile form sends a customer back to once their date of birth is saved. */
const RETURN_KEY = "returnAfterProfile";

interface RefusalAction {
  label: string;
  to: string;
}

/** The helpful next step for a refusal, by the shop's code for it. */
const ACTIONS: Partial<Record<AppErrorCode, RefusalAction>> = {
  DATE_OF_BIRTH_NEEDED: { label: "Add your date of birth in your profile", to: "/account?tab=profile" },
  SPENDING_LIMIT: { label: "See your spending limits", to: "/account?tab=limits" },
  SUSPENDED: { label: "Safer play and support", to: "/safer-play" },
};

export function refusalAction(code: AppErrorCode | undefined): RefusalAction | null {
  return (code && ACTIONS[code]) ?? null;
}

export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Without storage the customer finds their way back from the cart or the competition.
  }
}

/** The checkout to go back to after saving the profile, read once. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return safeNextPath(path);
  } catch {
    return null;
  }
}

/**
 * The server's refusal as the toast's description, with a link to the fix where there is one. The
 * toaster sits outside the router, so the link navigates through the caller's navigate function.
 */
export function showRefusal(title: string, message: string, code: AppErrorCode | undefined, navigate: NavigateFunction, returnTo: string): void {
  const action = refusalAction(code);
  if (!action) {
    toast.error(title, message);
    return;
  }
  if (action.to.includes("tab=profile")) rememberReturnPath(returnTo);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    sonner.dismiss();
    navigate(action.to);
  };
  toast.error(
    title,
    <span className="flex flex-col gap-1">
      <span>{message}</span>
      <a href={action.to} onClick={follow} className="font-semibold underline underline-offset-2">
        {action.label}
      </a>
    </span>,
    { duration: 15000 },
  );
}
