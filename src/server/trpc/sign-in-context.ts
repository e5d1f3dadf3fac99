import { describeDevice } from "../auth/device";
import type { SignInContext } from "../services/auth";
import type { Context } from "./context";

/** What the account services need to know of a request: the device, the shop's origin for mailed links, the time, the share link it came by. */
export function signInContext(ctx: Context): SignInContext {
  return { device: describeDevice(ctx.userAgent), origin: ctx.origin, now: ctx.now(), referralCode: ctx.referralCode };
}
