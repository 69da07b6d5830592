import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimitedError } from '../http/errors';

export type LoginLimits = {
  /** Sign-in attempts per minute, counted per client address and per email. */
  perMinute: number;
  /** The first lock-out; each further one within a day doubles it, up to an hour. */
  lockoutSeconds: number;
};

const MAX_LOCKOUT_SECONDS = 3600;
const LOCKOUT_MEMORY_SECONDS = 24 * 3600;

type Counter = { attempts: RateLimiterAbstract; lockouts: RateLimiterAbstract; what: string };

/**
 * Strict limits for `POST /auth/login`, apart from the API's per-endpoint budgets: every attempt
 * is counted per client address and per email *before* the password is checked (so a burst of
 * parallel guesses is cut off at the limit, not after), and a success gives its points back.
 * Past the limit, the address or email is locked out, for twice as long each time in a day.
 */
export class LoginThrottle {
  private readonly address: Counter;
  private readonly email: Counter;

  constructor(
    private readonly limits: LoginLimits,
    create: (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract,
  ) {
    const counter = (name: string, what: string): Counter => ({
      attempts: create({ keyPrefix: `login_${name}`, points: limits.perMinute, duration: 60 }),
      lockouts: create({ keyPrefix: `login_${name}_lockouts`, points: 1_000_000, duration: LOCKOUT_MEMORY_SECONDS }),
      what,
    });
    this.address = counter('address', 'from this address');
    this.email = counter('email', 'for this account');
  }

  /** Counts an attempt, or throws a `429` with `Retry-After` while the address or email is locked out. */
  async attempt(address: string, email: string): Promise<{ succeeded(): Promise<void> }> {
    const emailKey = email.trim().toLowerCase();
    // Both are counted even when one refuses, so alternating addresses does not spare the email.
    const [byAddress, byEmail] = await Promise.all([this.count(this.address, address), this.count(this.email, emailKey)]);
    const refused = [byAddress, byEmail].filter((outcome) => outcome !== undefined).sort((a, b) => b.seconds - a.seconds)[0];
    if (refused) {
      throw new RateLimitedError(`Too many sign-in attempts ${refused.what}; try again in ${refused.seconds} s`, refused.seconds);
    }
    return {
      succeeded: async () => {
        await Promise.all([this.address.attempts.reward(address, 1), this.email.attempts.delete(emailKey)]);
      },
    };
  }

  private async count(counter: Counter, key: string): Promise<{ seconds: number; what: string } | undefined> {
    try {
      await counter.attempts.consume(key);
      return undefined;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // The first attempt past the limit starts a lock-out; later ones while it lasts only wait.
      if (rejection.consumedPoints !== this.limits.perMinute + 1) {
        return { seconds: secondsOf(rejection.msBeforeNext), what: counter.what };
      }
      const previous = (await counter.lockouts.consume(key)).consumedPoints - 1;
      const seconds = Math.min(MAX_LOCKOUT_SECONDS, this.limits.lockoutSeconds * 2 ** previous);
      await counter.attempts.block(key, seconds);
      return { seconds, what: counter.what };
    }
  }
}

function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
