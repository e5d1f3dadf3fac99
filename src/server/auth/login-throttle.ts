import type { Counters } from "../limits";

/**
 * Slows down password guessing without letting anyone lock the owner out.
 *
 * After a few failed sign-ins to one account, further attempts wait, doubling up to five minutes.
 * That wait applies only to addresses that have failed recently: an attacker rotating addresses
 * gets one guess per fresh address and then waits like everyone guessing from there, while the
 * owner, signing in from an address with no recent failures, is let through to try their password
 * (and a correct one succeeds and clears the account's count). Guessing from one address is also
 * bounded by the per-address rate limit on the sign-in procedure.
 *
 * Kept in the shop's counters (src/server/limits), so on PostgreSQL every process sees the same
 * failures. An account's failures are counted for a day from the first of them.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly freeAttempts = 5,
    private readonly maxWaitMs = 5 * 60 * 1000,
    /** How long a failure marks its address as "recently failed". */
    private readonly addressMemoryMs = 15 * 60 * 1000,
    /** How long an account's failures are counted, from the first. */
    private readonly accountMemoryMs = 24 * 60 * 60 * 1000,
  ) {}

  /** Seconds this address must wait before trying this account again, or 0. */
  async wait(account: string, address: string, now = Date.now()): Promise<number> {
    const found = await this.counters.read([waitKey(account), addressKey(address)], now);
    const until = found.get(waitKey(account))?.resetAt;
    if (until === undefined || !found.has(addressKey(address))) return 0;
    return Math.ceil((until - now) / 1000);
  }

  async fail(account: string, address: string, now = Date.now()): Promise<void> {
    const { count } = await this.counters.add(failuresKey(account), this.accountMemoryMs, now);
    if (count >= this.freeAttempts) {
      await this.counters.put(waitKey(account), count, now + Math.min(this.maxWaitMs, 1000 * 2 ** (count - this.freeAttempts)));
    }
    await this.counters.put(addressKey(address), 1, now + this.addressMemoryMs);
  }

  async succeed(account: string): Promise<void> {
    await this.counters.remove(failuresKey(account), waitKey(account));
  }
}

const failuresKey = (account: string) => `login-failures:${account}`;
const waitKey = (account: string) => `login-wait:${account}`;
const addressKey = (address: string) => `login-failed-from:${address}`;
