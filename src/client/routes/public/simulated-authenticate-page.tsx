import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { formatPrice } from "../../../shared/money";
import { LockIcon } from "../../components/ui/icons";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";

const ANSWERED: Record<string, string> = {
  succeeded: "This payment has already been authenticated.",
  failed: "Authentication of this payment has already failed.",
  canceled: "This payment was cancelled before it was authenticated.",
};

interface BankButtonProps {
  primary?: boolean;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** The bank's own plain buttons, not the shop's green ones. */
function BankButton({ primary, pending, disabled, onClick, children }: BankButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-busy={pending || undefined}
      className={cn(
        "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md px-5 font-semibold disabled:cursor-not-allowed disabled:opacity-60",
        primary ? "bg-stone-800 text-white hover:bg-stone-900" : "border border-stone-400 bg-white text-stone-900 hover:bg-stone-100",
      )}
    >
      {pending ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

/** The page frame: plainly a stand-in bank, not the shop. */
function TestBank({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-stone-200 px-4 py-10 font-sans sm:items-center">
      <title>Test Bank · 3-D Secure</title>
      <div className="w-full max-w-md overflow-hidden rounded-lg border border-stone-400 bg-white shadow-md">
        <header className="flex items-center gap-2 bg-stone-800 px-5 py-3 text-white">
          <LockIcon className="size-5 shrink-0" />
          <p className="font-mono text-sm font-semibold tracking-wide uppercase">Test Bank · 3-D Secure</p>
        </header>
        <div className="flex flex-col gap-5 p-5">{children}</div>
      </div>
    </main>
  );
}

/**
 * /payments/simulated/authenticate/:id: the simulated provider's stand-in for a bank's 3-D Secure
 * challenge. The answer goes to the provider, the shop settles the order from the provider's record,
 * and the buyer goes back to the shop's return page.
 */
export function SimulatedAuthenticatePage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const challenge = useQuery(trpc.public.payments.simulatedChallenge.queryOptions({ id }, { enabled: id !== "", staleTime: 0 }));
  const authenticate = useMutation(trpc.public.payments.simulatedAuthenticate.mutationOptions());
  const sent = useRef(false);
  const [leaving, setLeaving] = useState(false);

  const answer = async (outcome: "approve" | "fail") => {
    if (sent.current) return;
    sent.current = true;
    try {
      const result = await authenticate.mutateAsync({ id, outcome });
      setLeaving(true);
      if (result.returnUrl.startsWith("/")) navigate(result.returnUrl, { replace: true });
      else window.location.assign(result.returnUrl);
    } catch {
      // Shown below; the buyer may answer again.
      sent.current = false;
    }
  };

  if (challenge.isPending && id !== "") {
    return (
      <TestBank>
        <p role="status" className="flex items-center gap-3 text-stone-700">
          <Spinner /> Loading the payment…
        </p>
      </TestBank>
    );
  }
  const code = appErrorCode(challenge.error);
  if (id === "" || code === "NOT_FOUND" || code === "INVALID_INPUT") {
    return (
      <TestBank>
        <h1 className="font-sans text-xl font-bold text-stone-900">Payment not found</h1>
        <p className="text-stone-700">There is no payment waiting for authentication at this address. The link may be wrong, or the payment has expired.</p>
        <a href="/" className="font-semibold text-stone-900 underline underline-offset-4">
          Back to Harvest Draws
        </a>
      </TestBank>
    );
  }
  if (!challenge.data) {
    return (
      <TestBank>
        <h1 className="font-sans text-xl font-bold text-stone-900">The bank could not be reached</h1>
        <p role="alert" className="text-stone-700">
          {serverMessage(challenge.error) ?? "Please try again."}
        </p>
        <BankButton pending={challenge.isFetching} disabled={challenge.isFetching} onClick={() => void challenge.refetch()}>
          Try Again
        </BankButton>
      </TestBank>
    );
  }

  const payment = challenge.data;
  const busy = authenticate.isPending || leaving;
  return (
    <TestBank>
      <div>
        <h1 className="font-sans text-xl font-bold text-stone-900">Confirm your payment</h1>
        <p className="mt-1 text-sm text-stone-600">Your bank asks you to confirm this card payment.</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border border-stone-300 bg-stone-50 p-4 text-sm">
        <dt className="text-stone-600">Merchant</dt>
        <dd className="font-semibold text-stone-900">Harvest Draws</dd>
        <dt className="text-stone-600">Amount</dt>
        <dd className="font-semibold tabular-nums text-stone-900">{formatPrice(payment.amount)}</dd>
        <dt className="text-stone-600">Reference</dt>
        <dd className="min-w-0 font-mono text-xs break-all text-stone-700">{payment.id}</dd>
      </dl>
      <p className="rounded-md border border-dashed border-stone-400 bg-stone-100 px-3 py-2 text-sm text-stone-800">
        This is a test 3-D Secure page: no real bank is involved.
      </p>
      {payment.status === "requires_action" ? (
        <>
          {authenticate.error ? (
            <p role="alert" className="text-sm font-medium text-danger-700">
              {serverMessage(authenticate.error) ?? "The answer could not be sent. Please try again."}
            </p>
          ) : null}
          <div className="flex flex-col gap-3">
            <BankButton primary pending={busy && authenticate.variables?.outcome === "approve"} disabled={busy} onClick={() => void answer("approve")}>
              Complete authentication
            </BankButton>
            <BankButton pending={busy && authenticate.variables?.outcome === "fail"} disabled={busy} onClick={() => void answer("fail")}>
              Fail authentication
            </BankButton>
          </div>
        </>
      ) : (
        <>
          <p role="status" className="font-semibold text-stone-900">
            {ANSWERED[payment.status] ?? "This payment has already been answered."}
          </p>
          <a
            href={payment.returnUrl}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-stone-800 px-5 font-semibold text-white hover:bg-stone-900"
          >
            Return to Harvest Draws
          </a>
        </>
      )}
    </TestBank>
  );
}
