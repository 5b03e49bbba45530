/**
 * A fixed-window attempt counter per client, in the memory of one function instance (registerUser, openData).
 *
 * Decision: registration is rare (one per player) and abuse comes in bursts (60 accounts in 6.5 s were measured
 * before this existed), so a small in-memory window stops a burst at one instance without a Firestore read or
 * write per attempt. An attacker spread over many instances or addresses gets through at that rate per instance;
 * App Check (see index.ts) is the defence against scripted clients at scale.
 */
export interface RateLimitConfig {
  /** Attempts allowed per client per window. */
  limit: number;
  windowSeconds: number;
}

/** Production default: 10 attempts per client per 10 minutes. `REGISTER_RATE_LIMIT=count/seconds` overrides it. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 10, windowSeconds: 600 };

/**
 * "count/seconds" (e.g. "10/600"); anything else is `fallback` (registration's default unless given), so a typo
 * never switches the limit off.
 */
export function parseRateLimit(text: string | undefined, fallback: RateLimitConfig = DEFAULT_RATE_LIMIT): RateLimitConfig {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text ?? '');
  if (!match) return fallback;
  const limit = Number(match[1]);
  const windowSeconds = Number(match[2]);
  return limit > 0 && windowSeconds > 0 ? { limit, windowSeconds } : fallback;
}

/** "120 requests per 60 s": a limit in words, for error messages. */
export function describeRateLimit(config: RateLimitConfig): string {
  return `${config.limit} requests per ${config.windowSeconds} s`;
}

export class FixedWindowRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string): number {
    const now = this.now();
    const windowMs = this.config.windowSeconds * 1000;
    this.forgetExpired(now, windowMs);
    const window = this.windows.get(client) ?? { start: now, count: 0 };
    window.count += 1;
    this.windows.set(client, window);
    return window.count <= this.config.limit ? 0 : Math.ceil((window.start + windowMs - now) / 1000);
  }

  /** What is left of the client's window (after its last take): requests remaining, seconds until the window ends. */
  state(client: string): { remaining: number; resetSeconds: number } {
    const now = this.now();
    const windowMs = this.config.windowSeconds * 1000;
    const window = this.windows.get(client);
    if (!window || now - window.start >= windowMs) return { remaining: this.config.limit, resetSeconds: this.config.windowSeconds };
    return { remaining: Math.max(0, this.config.limit - window.count), resetSeconds: Math.ceil((window.start + windowMs - now) / 1000) };
  }

  /** Keeps memory bounded by the clients of the current window. */
  private forgetExpired(now: number, windowMs: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(client);
  }
}
