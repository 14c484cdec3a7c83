import type { Translator } from '../../locales/server.js'
import type { Clock } from '../auth/clock.js'
import type { RateLimitConfig } from '../config.js'
import { ApiError } from '../http/errors.js'

/**
 * Attempts per client address and per account e-mail, for the calls people could abuse to guess
 * passwords or to flood someone's inbox (login, sign-up, password reset, resend confirmation).
 * Fixed windows held in memory: one server process. Every attempt counts, whatever its outcome.
 */

export type LimitedAction = 'login' | 'sign-up' | 'reset' | 'resend'

interface Window {
  count: number
  resetAt: number
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>()
  private sweepAt = 0

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt of `action` from `address` (and for `email` when given).
   * Answers the seconds to wait when a limit is already reached (the attempt is not counted), else 0.
   */
  hit(action: LimitedAction, address: string, email?: string): number {
    const now = this.clock().getTime()
    this.sweep(now)
    const keys: Array<[string, number]> = [[`${action}|ip|${address}`, this.config.perAddress]]
    if (email) keys.push([`${action}|email|${email.trim().toLowerCase()}`, this.config.perEmail])
    let wait = 0
    for (const [key, max] of keys) {
      const window = this.windows.get(key)
      if (window && window.resetAt > now && window.count >= max) {
        wait = Math.max(wait, Math.ceil((window.resetAt - now) / 1000))
      }
    }
    if (wait > 0) return wait
    for (const [key] of keys) {
      const window = this.windows.get(key)
      if (window && window.resetAt > now) window.count += 1
      else this.windows.set(key, { count: 1, resetAt: now + this.config.windowSeconds * 1000 })
    }
    return 0
  }

  /** Forgets every attempt (tests). */
  reset(): void {
    this.windows.clear()
  }

  private sweep(now: number) {
    if (now < this.sweepAt) return
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
    this.sweepAt = now + 60_000
  }
}

/** 429 with Retry-After and a message in the requester's language. */
export const tooManyAttempts = (t: Translator, seconds: number) =>
  new ApiError(
    429,
    { detail: t.api.tooManyRequests({ seconds }), code: 'rate_limited' },
    { 'retry-after': String(seconds) },
  )

/** Counts an attempt; throws the 429 when over the limit. */
export const limitAttempt = (
  limiter: RateLimiter,
  t: Translator,
  action: LimitedAction,
  address: string,
  email?: string,
): void => {
  const wait = limiter.hit(action, address, email)
  if (wait > 0) throw tooManyAttempts(t, wait)
}
