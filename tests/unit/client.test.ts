import createClient from 'openapi-fetch'
import { describe, expect, it, vi } from 'vitest'
import type { paths } from '../../openapi/schema'
import { createSessionMiddleware, unwrap } from '../../src/api/client'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const setup = (token: string | null, answer: Response) => {
  const seen: Request[] = []
  const onSessionExpired = vi.fn()
  const client = createClient<paths>({
    baseUrl: 'http://portal.test',
    fetch: async (request: Request) => {
      seen.push(request)
      return answer
    },
  })
  client.use(createSessionMiddleware(() => ({ token: () => token, locale: () => 'pt-BR', onSessionExpired })))
  return { client, seen, onSessionExpired }
}

describe('api client middleware', () => {
  it('adds the bearer token and the language', async () => {
    const { client, seen } = setup('tok', json(200, { status: 'ok' }))
    await client.GET('/v1/health')
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok')
    expect(seen[0]?.headers.get('Accept-Language')).toBe('pt-BR')
  })
  it('sends no Authorization when logged out', async () => {
    const { client, seen } = setup(null, json(200, { status: 'ok' }))
    await client.GET('/v1/health')
    expect(seen[0]?.headers.has('Authorization')).toBe(false)
  })
  it('reports a 401 "Session expired" to the session, and still hands the error back', async () => {
    const { client, onSessionExpired } = setup('tok', json(401, { detail: 'Session expired' }))
    await expect(unwrap(client.GET('/v1/accounts/{id}', { params: { path: { id: 1 } } }))).rejects.toEqual({
      status: 401,
      body: { detail: 'Session expired' },
    })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })
  it('reports a 401 of a call that gave the session token itself (the session actors do)', async () => {
    const { client, onSessionExpired } = setup('tok', json(401, { detail: 'Session expired' }))
    await unwrap(client.POST('/v1/accounts/logout/', { headers: { Authorization: 'Bearer tok' } })).catch(() => undefined)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })
  it("does not report a 401 for another token: a login flow's new one, or a session since replaced", async () => {
    const { client, onSessionExpired } = setup('tok', json(401, { detail: 'Session expired' }))
    await unwrap(client.POST('/v1/accounts/logout/', { headers: { Authorization: 'Bearer old' } })).catch(() => undefined)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
  it('does not report a 401 while logged out (a restore handles its own)', async () => {
    const { client, onSessionExpired } = setup(null, json(401, { detail: 'Session expired' }))
    await unwrap(client.GET('/v1/accounts/{id}', { params: { path: { id: 1 } }, headers: { Authorization: 'Bearer saved' } })).catch(
      () => undefined,
    )
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
  it('does not report other 401s', async () => {
    const { client, onSessionExpired } = setup('tok', json(401, { detail: 'Nope' }))
    await unwrap(client.GET('/v1/health')).catch(() => undefined)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('unwrap', () => {
  it('turns a failed fetch into status 0', async () => {
    const client = createClient<paths>({
      baseUrl: 'http://portal.test',
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await expect(unwrap(client.GET('/v1/health'))).rejects.toMatchObject({ status: 0 })
  })
  it('never settles an aborted call (its actor has stopped)', async () => {
    const controller = new AbortController()
    controller.abort()
    const client = createClient<paths>({ baseUrl: 'http://portal.test' })
    const settled = await Promise.race([
      unwrap(client.GET('/v1/health', { signal: controller.signal })).then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ])
    expect(settled).toBe('pending')
  })
})
