import { useQuery } from "@tanstack/react-query";
import { decimalToPence, formatPounds } from "../../../shared/money";
import type { WalletView } from "../../../shared/schemas/wallet";
import { cn } from "../../lib/cn";
import { shortDateTime } from "../../lib/dates";
import { useTRPC } from "../../lib/trpc";
import { Card } from "../ui/card";
import { CoinsIcon } from "../ui/icons";
import { LoadFailed } from "../ui/load-failed";
import { LoadingState } from "../ui/spinner";

type WalletEntry = WalletView["entries"][number];

export const SITE_CREDIT_TERMS = "Site credit can be used on any competition and cannot be withdrawn as cash.";
const SITE_CREDIT_USE = "At checkout it is used first, and your card pays whatever is left.";

/** What a ledger row is, when it carries no note of its own. */
const KIND_LABELS: Record<WalletEntry["kind"], string> = {
  prize: "Instant prize",
  spend: "Spent on entries",
  refund: "Refunded",
  goodwill: "Goodwill credit",
  expiry: "Expired",
  reversal: "Prize taken back",
  owed: "Prize already spent: owed",
  referral: "Referral reward",
};

/** The ledger's signed "10.00" / "-2.50" as "+£10.00" / "−£2.50" (a true minus sign, as on receipts). */
export function signedPounds(amount: string): string {
  const text = amount.trim();
  const negative = text.startsWith("-");
  const pence = decimalToPence(text.replace(/^[-+]/, ""));
  if (pence === null) return `£${text}`;
  if (pence === 0) return formatPounds(0);
  return `${negative ? "−" : "+"}${formatPounds(pence)}`;
}

/** The balance as money; a ledger never sums below zero, but a minus sign is shown if it ever does. */
const balanceText = (balance: string) => (balance.trim().startsWith("-") ? signedPounds(balance) : signedPounds(balance).replace(/^\+/, ""));

/** The account's Site Credit tab: the balance (the sum of the ledger) and the ledger, newest first. Asked for only when opened. */
export function SiteCreditTab() {
  const trpc = useTRPC();
  const wallet = useQuery(trpc.customer.wallet.get.queryOptions());
  if (wallet.isPending) return <LoadingState label="Loading your site credit..." />;
  if (wallet.isError) return <LoadFailed what="your site credit" retry={() => void wallet.refetch()} />;
  const { balance, owed, entries } = wallet.data;
  const owes = (decimalToPence(owed) ?? 0) > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card className="flex flex-col gap-3 self-start">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-field-50 text-field-700">
            <CoinsIcon className="size-6" />
          </span>
          <h2 className="font-sans text-lg font-bold text-field-900">Site credit</h2>
        </div>
        <p className="text-sm font-medium text-stone-600">Your balance</p>
        <p className="text-4xl font-bold tabular-nums text-field-900" data-testid="wallet-balance">
          {balanceText(balance)}
        </p>
        {owes ? (
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="wallet-owed">
            You owe {formatPounds(decimalToPence(owed) ?? 0)} of prize or referral credit you had spent before the order that earned it was refunded or
            disputed. It comes out of your next credit.
          </p>
        ) : null}
        <p className="text-stone-700">{SITE_CREDIT_TERMS}</p>
        <p className="text-sm text-stone-600">{SITE_CREDIT_USE}</p>
      </Card>
      <Card className="flex flex-col gap-4">
        <h2 className="font-sans text-lg font-bold text-field-900">History</h2>
        {entries.length ? (
          <ul className="flex flex-col divide-y divide-cream-200" aria-label="Site credit history">
            {entries.map((entry, index) => (
              <LedgerRow key={`${entry.at}-${entry.kind}-${entry.reference ?? index}-${entry.amount}`} entry={entry} />
            ))}
          </ul>
        ) : (
          <p className="text-stone-700" data-testid="wallet-empty">
            No site credit yet. Site credit you win instantly in a competition is added here the moment you win it.
          </p>
        )}
      </Card>
    </div>
  );
}

function LedgerRow({ entry }: { entry: WalletEntry }) {
  const negative = entry.amount.trim().startsWith("-");
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="break-words text-stone-900">{entry.note ?? KIND_LABELS[entry.kind]}</p>
        <p className="text-sm text-stone-600">
          <time dateTime={entry.at}>{shortDateTime(entry.at)}</time>
          {entry.note ? ` · ${KIND_LABELS[entry.kind]}` : null}
        </p>
        {entry.expiresAt ? (
          <p className="text-sm text-stone-600" data-testid="wallet-entry-expiry">
            Unspent credit from this lapses on <time dateTime={entry.expiresAt}>{shortDateTime(entry.expiresAt)}</time>
          </p>
        ) : null}
      </div>
      <p className={cn("shrink-0 font-semibold tabular-nums", negative ? "text-stone-800" : "text-field-700")} data-testid="wallet-entry-amount">
        {signedPounds(entry.amount)}
      </p>
    </li>
  );
}
