import type { Middleware } from 'openapi-fetch'

/**
 * Reads started ahead of their screen (issue 21: a page's data starts with its navigation, beside its code).
 * The route table (src/app/route-data.ts) sends a screen's first GETs when the app starts on that screen,
 * through the screen's own request functions with `ahead(token)`: the same address, bearer and language as
 * the screen's actor will send once the session is restored and the screen's code has come. When the actor
 * sends it, `prefetchedReads` answers it with the response of the read ahead (arrived or still on its way)
 * instead of a second request. A read ahead is taken once, within KEEP_MS; one that failed or was refused is
 * not kept (the actor's own request goes out and meets the error itself); any write forgets them all, so a
 * read ahead never answers for data changed since.
 */

const KEEP_MS = 10_000

interface Kept {
  /** The response, when it came and was a success. */
  readonly response: Promise<Response | undefined>
  readonly until: number
}

const kept = new Map<string, Kept>()

const keyOf = (request: Request): string =>
  [request.url, request.headers.get('Authorization') ?? '', request.headers.get('Accept-Language') ?? ''].join('\n')

/** openapi-fetch's `fetch` for a read ahead: sent once, a copy of its response kept for the screen. */
const fetchAhead = (request: Request): Promise<Response> => {
  const now = Date.now()
  for (const [key, entry] of kept) if (entry.until < now) kept.delete(key)
  const answer = fetch(request).then((response) => ({ response, copy: response.clone() }))
  kept.set(keyOf(request), {
    response: answer.then(
      ({ copy }) => (copy.ok ? copy : undefined),
      () => undefined,
    ),
    until: now + KEEP_MS,
  })
  return answer.then(({ response }) => response)
}

/** The options of a read sent ahead with the stored session's token (given to a screen's request function). */
export const ahead = (token: string) => ({ headers: { Authorization: `Bearer ${token}` }, fetch: fetchAhead })
export type Ahead = ReturnType<typeof ahead>

/** The client's middleware: a GET read ahead is answered from it; any other call forgets what was read ahead. */
export const prefetchedReads: Middleware = {
  async onRequest({ request }) {
    if (request.method !== 'GET') {
      kept.clear()
      return undefined
    }
    const key = keyOf(request)
    const entry = kept.get(key)
    if (!entry) return undefined
    kept.delete(key)
    if (entry.until < Date.now()) return undefined
    return (await entry.response) ?? undefined
  },
}
