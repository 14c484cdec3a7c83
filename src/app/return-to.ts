import { resolveRoute } from './paths'

/**
 * The page a logged-out person asked for, carried through the login page as `?next=` so that
 * the login can go back to it. It comes from the address bar, so anybody can write it into a link:
 * only a path of this app is kept (an open redirect would send a person who just logged in to a
 * look-alike site). Pure, so it is unit-tested without a browser.
 */

/** Where the app runs, for resolving a path; never fetched. */
const BASE = 'https://portal.invalid'
/** Percent-decoding is repeated at most this often: a path encoded deeper than that is refused. */
const MAX_DECODES = 3

/** One decoding, or null when the text is not valid percent-encoding. */
const decodeOnce = (text: string): string | null => {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/**
 * Dangerous in any decoding of the value: not starting with exactly one '/' (`//host` and
 * `/\host` are other hosts to a browser) or a backslash anywhere.
 */
const unsafe = (text: string): boolean => !text.startsWith('/') || text.startsWith('//') || text.includes('\\')

/**
 * The value as a same-origin app path (path, query and hash), or null. Refused: anything that is
 * not a path of this origin in every decoding, and what a login should not lead to (the login and
 * sign-up pages themselves, unknown pages).
 */
export const sanitizeReturnTo = (value: string | null | undefined): string | null => {
  // browsers drop tabs and newlines from a URL, which can turn `/\t/host` into `//host`
  if (!value || value.length > 2000 || /[\s\p{Cc}]/u.test(value)) return null
  let decoded: string | null = value
  for (let round = 0; round <= MAX_DECODES; round += 1) {
    if (decoded === null || unsafe(decoded)) return null
    const next = decodeOnce(decoded)
    if (next === decoded) break
    if (round === MAX_DECODES) return null
    decoded = next
  }
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const route = resolveRoute(url.pathname)
  if (route.name === 'NotFound' || route.access === 'public') return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The `?next=` of a location's query string, sanitised (null when absent or refused). */
export const returnToOf = (search: string): string | null => sanitizeReturnTo(new URLSearchParams(search).get('next'))

/** Where a finished login goes: back to the page of the login's ?next=, else the person's home. */
export const afterLogin = (home: string, search: string): string => returnToOf(search) ?? home
