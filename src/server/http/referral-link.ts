import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { sitePath } from "../../shared/safe-link";
import { referralCookie } from "../auth/cookies";
import { noLinkReason, referrerByCode } from "../services/promotions/referral-links";
import { referralSettings } from "../services/promotions/referral-settings";

/** /r/{code}: a share link's path. */
export const REFERRAL_LINK_PATH = /^\/r\/([^/]{1,64})$/;

/**
 * A share link opened: the code of a customer who may refer goes into an httpOnly cookie for 30 days
 * (a sign-up reads it), and the visitor goes on to the page it was shared from (`?to=`, a path on this
 * site only; anything else, and an unknown code, lands on the home page with nothing set).
 */
export async function serveReferralLink(db: Db, req: IncomingMessage, res: ServerResponse, code: string, url: URL, secureCookies: boolean): Promise<void> {
  req.resume();
  const to = url.searchParams.get("to");
  const location = (to && sitePath(to)) || "/";
  const referrer = await referrerByCode<Parameters<typeof noLinkReason>[0]>(db, code, {
    role: users.role,
    emailVerified: users.emailVerified,
    isActive: users.isActive,
    closedAt: users.closedAt,
    suspendedUntil: users.suspendedUntil,
    suspensionKind: users.suspensionKind,
    restrictedAt: users.restrictedAt,
  });
  if (referrer && !noLinkReason(referrer, (await referralSettings(db)).enabled)) res.appendHeader("Set-Cookie", referralCookie(code, secureCookies));
  res.writeHead(302, { Location: location, "Cache-Control": "no-store" });
  res.end();
}
