import type { z } from "zod";
import type { verifyEmailResult } from "../../../shared/schemas/account";

export type VerifyEmailResult = z.infer<typeof verifyEmailResult>;

/**
 * A verification link works once, so its token is posted once per page load: React's StrictMode
 * runs effects twice and a remount runs them again, and a second post would report the link as
 * used. Every caller for the same token shares the first post's answer.
 */
const posted = new Map<string, Promise<VerifyEmailResult>>();

export function verifyOnce(token: string, post: (token: string) => Promise<VerifyEmailResult>): Promise<VerifyEmailResult> {
  let answer = posted.get(token);
  if (!answer) {
    answer = post(token);
    posted.set(token, answer);
  }
  return answer;
}
