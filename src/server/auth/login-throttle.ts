/**
 * Slows down repeated failed sign-ins to one account: after a few failures each further attempt
 * must wait, doubling up to five minutes. A success clears it. An attacker can make a real user wait
 * minutes at most, never lock them out for long.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly freeAttempts = 5,
    private readonly maxWaitMs = 5 * 60 * 1000,
  ) {}

  /** Seconds to wait before this account may try again, or 0. */
  wait(account: string, now = Date.now()): number {
    const f = this.failures.get(account);
    return f && f.until > now ? Math.ceil((f.until - now) / 1000) : 0;
  }

  fail(account: string, now = Date.now()): void {
    const f = this.failures.get(account) ?? { count: 0, until: 0 };
    f.count += 1;
    if (f.count >= this.freeAttempts) {
      f.until = now + Math.min(this.maxWaitMs, 1000 * 2 ** (f.count - this.freeAttempts));
    }
    this.failures.set(account, f);
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(account: string): void {
    this.failures.delete(account);
  }
}
