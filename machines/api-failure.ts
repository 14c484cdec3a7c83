import type { ApiError, ApiFailure } from './types'

/**
 * What a machine keeps of anything an API actor threw: an `ApiFailure` (`{status, body}`) as it
 * is, with a string body as `{detail}`; anything else (a network failure, a bug) as status 0 with
 * the error's message. Every machine that calls the API shares this one reading of a failure.
 */
export function toApiFailure(error: unknown): ApiFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const body: unknown = 'body' in error ? error.body : undefined
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return { status: error.status, body: body as ApiError }
    return { status: error.status, body: typeof body === 'string' ? { detail: body } : {} }
  }
  return { status: 0, body: error instanceof Error ? { detail: error.message } : {} }
}
