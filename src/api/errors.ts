/**
 * Failures of API calls as the actors throw them, and the messages a person reads for them.
 *
 * Every actor that calls the API throws an `ApiError` ({status, body}) for an error response,
 * so machines and views can look at the status and the server's body. A network failure
 * (no response at all) has status 0.
 */

export type ApiError = {
  readonly status: number
  readonly body: unknown
}

export const NETWORK_ERROR_STATUS = 0

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && 'status' in value && typeof (value as { status: unknown }).status === 'number' && 'body' in value

export const apiError = (status: number, body: unknown): ApiError => ({ status, body })

/** Turns whatever a fetch threw into an ApiError; an abort is rethrown as it is. */
export const toApiError = (thrown: unknown): ApiError => {
  if (isApiError(thrown)) return thrown
  return apiError(NETWORK_ERROR_STATUS, thrown instanceof Error ? { detail: thrown.message } : null)
}

/** The server's `detail`, when the body is `{detail: "..."}`. */
export const detailOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const detail = (body as Record<string, unknown>).detail
  return typeof detail === 'string' && detail.trim() !== '' ? detail : undefined
}

/** The server's machine-readable `code` (`unconfirmed`, `account_required`, ...). */
export const codeOf = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const code = (body as Record<string, unknown>).code
  return typeof code === 'string' ? code : undefined
}

/**
 * Keys of an error body that are not field messages: the detail and its code, and the rows of a refused
 * import (409 import_has_errors) that come back with it, which the import screens show as their preview.
 */
const NOT_MESSAGES = new Set(['detail', 'code', 'import'])

const collect = (value: unknown, out: string[], depth: number): void => {
  if (depth > 4 || value === null || value === undefined) return
  if (typeof value === 'string') {
    if (value.trim() !== '') out.push(value.trim())
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out, depth + 1)
    return
  }
  if (value instanceof Map) {
    for (const item of value.values()) collect(item, out, depth + 1)
    return
  }
  if (typeof value === 'object') {
    for (const item of Object.values(value as Record<string, unknown>)) collect(item, out, depth + 1)
  }
}

/** Field errors of a body: `{email: ["..."], password: ["..."]}` → {email: "...", password: "..."}. */
export const fieldErrorsOf = (body: unknown): Record<string, string> => {
  const result: Record<string, string> = {}
  if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof Map) return result
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail' || key === 'code') continue
    const messages: string[] = []
    if (typeof value === 'string' || Array.isArray(value)) collect(value, messages, 0)
    if (messages.length > 0) result[key] = messages.join(' ')
  }
  return result
}

/**
 * The messages of the error panel (spec §8): built from the response whatever its shape —
 * a string, a list, a map, or an object whose fields hold messages (joined in order) —,
 * then the server's `detail`, then the generic message.
 */
export const errorMessages = (error: unknown, generic: string, network?: string): string[] => {
  const body = isApiError(error) ? error.body : error
  if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) return [network ?? generic]
  const messages: string[] = []
  if (typeof body === 'string' || Array.isArray(body) || body instanceof Map) {
    collect(body, messages, 0)
  } else if (typeof body === 'object' && body !== null) {
    // Field messages come as lists ({email: ["..."]}); a plain string beside a `detail` is data
    // sent back with the error ({detail, code, email}), not a message.
    const hasDetail = detailOf(body) !== undefined
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (NOT_MESSAGES.has(key)) continue
      if (typeof value === 'string' && hasDetail) continue
      collect(value, messages, 0)
    }
  }
  if (messages.length === 0) {
    const detail = detailOf(body)
    if (detail) messages.push(detail)
  }
  if (messages.length === 0) messages.push(generic)
  return [...new Set(messages)]
}

/** The one message of a failure for a toast: the detail, else the first message, else the generic one. */
export const errorMessage = (error: unknown, generic: string, network?: string): string => {
  // no response: the browser's own words ("Failed to fetch") are not for a person to read
  if (isApiError(error) && error.status === NETWORK_ERROR_STATUS) return network ?? generic
  const body = isApiError(error) ? error.body : error
  return detailOf(body) ?? errorMessages(error, generic, network)[0] ?? generic
}

/** Whether a response says that the session has ended (spec §4 Session). */
export const isSessionExpired = (status: number, body: unknown): boolean =>
  status === 401 && detailOf(body) === 'Session expired'
