import { readFileSync } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganizationWithPeople, snapshot, startServer, type TestServer } from './harness.js'

/** The organization logo through the storage service: on the disk (default) and on S3 (s3rver). */

const PNG = readFileSync(new URL('../fixtures/logo.png', import.meta.url))
const GIF = readFileSync(new URL('../fixtures/logo.gif', import.meta.url))

const s3Dir = mkdtempSync(join(tmpdir(), 'portal-s3-'))
const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir })
let s3Endpoint = ''

beforeAll(async () => {
  const { port } = await s3.run()
  s3Endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  await client.send(new CreateBucketCommand({ Bucket: 'portal-files' }))
})
afterAll(async () => {
  await s3.close()
  rmSync(s3Dir, { recursive: true, force: true })
})

const backends = {
  disk: () => ({}),
  s3: () => ({
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: 'portal-files',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }),
}

describe.each(Object.entries(backends))('the logo, stored on the %s', (_name, env) => {
  let server: TestServer
  let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
  beforeAll(async () => {
    server = await startServer({ env: env() })
    school = await createOrganizationWithPeople(server, { prefix: 'logo' })
  })
  afterAll(() => server.close())

  const upload = (payload: Buffer | string, contentType: string, token = school.admin.token) =>
    server.api('PUT', `/v1/organizations/${school.organization.id}/logo/`, { token, raw: { payload, contentType } })

  it('is uploaded by an admin and served with its own type, cached for good, never run', async () => {
    const reply = await upload(PNG, 'image/png')
    expect(reply.status, reply.text).toBe(200)
    const url: string = reply.body.logo_url
    expect(url).toMatch(new RegExp(`^/v1/organizations/${school.organization.id}/logo/[a-z0-9]+$`))
    const image = await server.app.inject({ method: 'GET', url })
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(image.headers['x-content-type-options']).toBe('nosniff')
    expect(image.headers['content-security-policy']).toContain('sandbox')
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: school.student.token })).body.logo_url).toBe(url)

    // a new upload has a new address; the old one is gone
    const again = await upload(GIF, 'image/gif')
    expect(again.body.logo_url).not.toBe(url)
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    const gif = await server.app.inject({ method: 'GET', url: again.body.logo_url })
    expect(gif.headers['content-type']).toBe('image/gif')
  })

  it('is checked by its content: a page or a zip renamed as an image is refused and nothing changes', async () => {
    const before = await snapshot(server)
    const current = (await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: school.admin.token })).body.logo_url
    for (const [payload, type] of [
      ['<html><script>alert(1)</script></html>', 'image/png'],
      [Buffer.from('PK\u0003\u0004 not an image'), 'image/jpeg'],
      [PNG, 'image/svg+xml'],
      [PNG, 'text/html'],
    ] as const) {
      const reply = await upload(payload, type)
      expect(reply.status, `${type}`).toBe(415)
      expect(reply.body).toEqual({ detail: 'File type is not allowed', code: 'file_type' })
    }
    expect((await server.api('GET', `/v1/organizations/${school.organization.id}/`, { token: school.admin.token })).body.logo_url).toBe(current)
    expect(await snapshot(server)).toEqual(before)
  })

  it('is limited to 2 MB and to the organization\'s admins', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])
    expect((await upload(big, 'image/png')).status).toBe(413)
    expect((await upload(Buffer.alloc(0), 'image/png')).status).toBe(400)
    expect((await upload(PNG, 'image/png', school.teacher.token)).status).toBe(403)
    expect((await upload(PNG, 'image/png', school.student.token)).status).toBe(403)
    const stranger = await createOrganizationWithPeople(server)
    expect((await upload(PNG, 'image/png', stranger.admin.token)).status).toBe(404)
  })

  it('is removed', async () => {
    const url = (await upload(PNG, 'image/png')).body.logo_url
    const reply = await server.api('DELETE', `/v1/organizations/${school.organization.id}/logo/`, { token: school.admin.token })
    expect(reply.status).toBe(200)
    expect(reply.body.logo_url).toBeNull()
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404)
  })
})
