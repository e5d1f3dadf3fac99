/**
 * Slows down password guessing without letting anyone lock the owner out.
 *
 * After a few failed sign-ins to one account, further attempts wait, doubling up to five minutes.
 * That wait applies only to addresses that have failed recently: an attacker rotating addresses
 * gets one guess per fresh address and then waits like everyone guessing from there, while the
 * owner, signing in from an address with no recent failures, is let through to try their password
 * (and a correct one succeeds and clears the account's count). Guessing from one address is also
 * bounded by the per-address rate limit on the sign-in procedure.
 */
export class LoginThrottle {
  private readonly accounts = new Map<string, { count: number; until: number }>();
  private readonly addresses = new Map<string, number>();

  constructor(
    private readonly freeAttempts = 5,
    private readonly maxWaitMs = 5 * 60 * 1000,
    /** How long a failure marks its address as "recently failed". */
    private readonly addressMemoryMs = 15 * 60 * 1000,
  ) {}

  /** Seconds this address must wait before trying this account again, or 0. */
  wait(account: string, address: string, now = Date.now()): number {
    const f = this.accounts.get(account);
    if (!f || f.until <= now) return 0;
    const failedHere = this.addresses.get(address);
    if (failedHere === undefined || failedHere <= now - this.addressMemoryMs) return 0;
    return Math.ceil((f.until - now) / 1000);
  }

  fail(account: string, address: string, now = Date.now()): void {
    const f = this.accounts.get(account) ?? { count: 0, until: 0 };
    f.count += 1;
    if (f.count >= this.freeAttempts) {
      f.until = now + Math.min(this.maxWaitMs, 1000 * 2 ** (f.count - this.freeAttempts));
    }
    this.accounts.set(account, f);
    this.addresses.set(address, now);
    if (this.accounts.size > 100_000) this.accounts.clear();
    if (this.addresses.size > 100_000) this.addresses.clear();
  }

  succeed(account: string): void {
    this.accounts.delete(account);
  }
}
