import { useQuery } from "@tanstack/react-query";
import { formatLondonDate } from "../../../shared/london-time";
import { formatPrice } from "../../../shared/money";
import { REFERRAL_STATUS_WORDS, type MyReferrals } from "../../../shared/schemas/referrals";
import { useTRPC } from "../../lib/trpc";
import { Card } from "../ui/card";
import { CopyButton } from "../ui/copy-button";
import { UsersIcon } from "../ui/icons";
import { LoadFailed } from "../ui/load-failed";
import { LoadingState } from "../ui/spinner";

/** The rules in one sentence, with the operator's figures. */
export function referralRules(r: Pick<MyReferrals, "referrerReward" | "referredReward" | "windowDays" | "monthlyRewards">): string {
  const days = r.windowDays === 1 ? "1 day" : `${r.windowDays} days`;
  return (
    `When a friend signs up through your link and pays for their first order, you get ${formatPrice(r.referrerReward)} and they get ${formatPrice(r.referredReward)} ` +
    `in site credit, once that order has stood ${days} without a refund or dispute (up to ${r.monthlyRewards} rewards a month; your own accounts and staff earn nothing).`
  );
}

/** The account's Refer a friend tab: the share link to copy, the rules, who joined and what it earned. Asked for only when opened. */
export function ReferAFriendTab() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.customer.referrals.get.queryOptions());
  if (mine.isPending) return <LoadingState label="Loading your share link..." />;
  if (mine.isError) return <LoadFailed what="your share link" retry={() => void mine.refetch()} />;
  const r = mine.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card className="flex min-w-0 flex-col gap-3 self-start">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-field-50 text-field-700">
            <UsersIcon className="size-6" />
          </span>
          <h2 className="font-sans text-lg font-bold text-field-900">Refer a friend</h2>
        </div>
        {r.link ? (
          <>
            <label htmlFor="share-link" className="text-sm font-medium text-stone-700">
              Your share link
            </label>
            <div className="flex min-w-0 items-center gap-2">
              <input
                id="share-link"
                readOnly
                value={r.link}
                onFocus={(e) => e.currentTarget.select()}
                className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-cream-50 px-3 font-mono text-sm text-stone-900"
                data-testid="share-link"
              />
              <CopyButton text={r.link} label="share link" className="min-h-11 px-3 text-sm" />
            </div>
            <p className="text-stone-700">{referralRules(r)}</p>
            <p className="text-sm text-stone-600">Share with a friend on a competition's page gives a link that lands your friend on that competition.</p>
          </>
        ) : (
          <p className="rounded-xl bg-cream-100 px-3 py-2 text-stone-800" data-testid="no-share-link">
            {r.reason}
          </p>
        )}
        {r.joinedThrough ? (
          <p className="text-sm text-stone-700" data-testid="joined-through">
            You joined through {r.joinedThrough.firstName}'s link: {REFERRAL_STATUS_WORDS[r.joinedThrough.status].toLowerCase()}
            {r.joinedThrough.status === "rewarded" ? ` (${formatPrice(r.joinedThrough.earned)} of site credit)` : ""}.
          </p>
        ) : null}
      </Card>
      <Card className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-sans text-lg font-bold text-field-900">Friends who joined</h2>
          <p className="text-stone-700">
            Earned:{" "}
            <span className="font-bold tabular-nums text-field-900" data-testid="referrals-earned">
              {formatPrice(r.earned)}
            </span>
          </p>
        </div>
        {r.referrals.length ? (
          <ul className="flex flex-col divide-y divide-cream-200" aria-label="Friends who joined">
            {r.referrals.map((f, i) => (
              <li key={`${f.joinedAt}-${i}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{f.firstName}</p>
                  <p className="text-sm text-stone-600">Joined {formatLondonDate(new Date(f.joinedAt))}</p>
                </div>
                <p className="text-sm text-stone-800">
                  {REFERRAL_STATUS_WORDS[f.status]}
                  {f.status === "rewarded" ? <span className="ml-1 font-semibold text-field-800">+{formatPrice(f.earned)}</span> : null}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-600">Nobody has joined through your link yet.</p>
        )}
      </Card>
    </div>
  );
}
