import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../ui/button";
import { UsersIcon } from "../ui/icons";

/**
 * A signed-in, confirmed customer's share link for this competition: a friend who opens it lands here.
 * The link is asked for only when the button is pressed, so the page (and a flash sale's rush on it)
 * makes no extra request; a phone offers its own share sheet, a computer copies the link.
 */
export function ShareWithAFriend({ competitionId }: { competitionId: string }) {
  const { user } = useAuth();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user || user.role !== "user" || !user.emailVerified) return null;

  const share = async () => {
    setBusy(true);
    try {
      const mine = await queryClient.fetchQuery(trpc.customer.referrals.get.queryOptions());
      if (!mine.link) return setSaid(mine.reason);
      const url = `${mine.link}?to=${encodeURIComponent(`/competition/${competitionId}`)}`;
      if (typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches) {
        await navigator.share({ url }).catch(() => {});
        return setSaid(null);
      }
      await navigator.clipboard.writeText(url).then(
        () => setSaid(`Link copied: ${url}`),
        () => setSaid(`Your link: ${url}`),
      );
    } catch {
      setSaid("Your share link could not be loaded. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" size="sm" pending={busy} onClick={() => void share()}>
        <UsersIcon className="size-4" />
        Share with a friend
      </Button>
      {said ? (
        <p className="max-w-full text-sm break-all text-stone-700" role="status" data-testid="share-status">
          {said}
        </p>
      ) : null}
    </div>
  );
}
