/**
 * What the Stately inspector may see: the same values with every secret replaced.
 * Keys named like a token or a password anywhere in a context or an event are masked.
 */
const SECRET_KEY = /token|password|secret|authorization|ticket/i
export const REDACTED = '[redacted]'

export const redact = <T>(value: T, depth = 0): T => {
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1)) as T
  // class instances (Dates, actor refs, errors) are passed as they are
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return value
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    result[key] = SECRET_KEY.test(key) && item !== null && item !== undefined ? REDACTED : redact(item, depth + 1)
  }
  return result as T
}
