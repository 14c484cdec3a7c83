import createClient from 'openapi-fetch'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { paths } from '../../openapi/schema'
import { ahead, prefetchedReads } from '../../src/api/prefetch'

/** A network that answers every request with its own number (once `open` while held), and counts them. */
const network = () => {
  const sent: Request[] = []
  let open: () => void = () => undefined
  let gate: Promise<void> = Promise.resolve()
  const hold = () => (gate = new Promise((resolve) => (open = resolve)))
  const fetch = vi.fn(async (request: Request) => {
    sent.push(request)
    await gate
    const status = request.url.includes('/v1/organizations/9/') ? 500 : 200
    return new Response(JSON.stringify({ n: sent.length }), { status, headers: { 'content-type': 'application/json' } })
  })
  return { sent, fetch, hold, open: () => open() }
}

let language = 'en'

const client = () => {
  const api = createClient<paths>({ baseUrl: 'http://portal.test' })
  // as the app's session middleware: the active language on every call
  api.use({ onRequest: ({ request }) => (request.headers.set('Accept-Language', language), request) })
  api.use(prefetchedReads)
  return api
}

const dashboard = (api: ReturnType<typeof client>, id: number, init: object = { headers: { Authorization: 'Bearer t1' } }) =>
  api.GET('/v1/organizations/{id}/dashboard/', { params: { path: { id } }, ...init })

describe('reads ahead (src/api/prefetch.ts)', () => {
  let net: ReturnType<typeof network>
  beforeEach(async () => {
    net = network()
    vi.stubGlobal('fetch', net.fetch)
    // a write forgets what an earlier test read ahead
    await prefetchedReads.onRequest?.({ request: new Request('http://portal.test/', { method: 'POST' }) } as never)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
    language = 'en'
  })

  it("answers the screen's same read with the one sent ahead, once", async () => {
    const api = client()
    await dashboard(api, 1, ahead('t1'))
    expect((await dashboard(api, 1)).data).toEqual({ n: 1 })
    expect(net.sent).toHaveLength(1)
    // taken once: the next read goes out
    expect((await dashboard(api, 1)).data).toEqual({ n: 2 })
  })

  it('answers a read sent while the read ahead is still on its way', async () => {
    const api = client()
    net.hold()
    const first = dashboard(api, 1, ahead('t1'))
    await vi.waitFor(() => expect(net.sent).toHaveLength(1))
    const second = dashboard(api, 1)
    net.open()
    expect((await second).data).toEqual({ n: 1 })
    expect((await first).data).toEqual({ n: 1 })
    expect(net.sent).toHaveLength(1)
  })

  it('does not answer another address, another bearer or another language', async () => {
    const api = client()
    await dashboard(api, 1, ahead('t1'))
    await dashboard(api, 2)
    await dashboard(api, 1, { headers: { Authorization: 'Bearer t2' } })
    language = 'ja'
    await dashboard(api, 1)
    expect(net.sent).toHaveLength(4)
  })

  it('keeps no refused read: the screen meets the error with its own request', async () => {
    const api = client()
    await dashboard(api, 9, ahead('t1'))
    await dashboard(api, 9)
    expect(net.sent).toHaveLength(2)
  })

  it('forgets every read ahead at a write', async () => {
    const api = client()
    await dashboard(api, 1, ahead('t1'))
    await api.POST('/v1/accounts/logout/', { headers: { Authorization: 'Bearer t1' } })
    await dashboard(api, 1)
    expect(net.sent).toHaveLength(3)
  })

  it('forgets a read ahead after ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const api = client()
    await dashboard(api, 1, ahead('t1'))
    vi.setSystemTime(Date.now() + 10_001)
    await dashboard(api, 1)
    expect(net.sent).toHaveLength(2)
  })
})
