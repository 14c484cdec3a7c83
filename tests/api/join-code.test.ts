import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganizationWithPeople, createUser, login, startServer, type TestServer } from './harness.js'

/**
 * Joining an organization by its code: the admins' settings (read, reset, off and on, approval), joining
 * as a student and asking as a teacher, the join requests (approve, refuse), the messages of a code
 * that is incomplete, unknown or off, the rate limit against guessing, and sign-up with a code.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let other: Awaited<ReturnType<typeof createOrganizationWithPeople>>
let people = 0

beforeAll(async () => {
  server = await startServer()
  school = await createOrganizationWithPeople(server, { name: 'Springfield Elementary', prefix: 'spj' })
  other = await createOrganizationWithPeople(server, { name: 'Shelbyville Elementary', prefix: 'shj' })
})
afterAll(() => server.close())

const newPerson = async () => {
  const user = await createUser(server, { email: `joiner-${++people}@example.com`, firstName: 'Joiner' })
  return { user, token: await login(server, user.email) }
}
const settings = (token: string, id = school.organization.id) => server.api('GET', `/v1/organizations/${id}/join-code/`, { token })
const update = (token: string, body: unknown, id = school.organization.id) =>
  server.api('PATCH', `/v1/organizations/${id}/join-code/`, { token, body })
const reset = (token: string, id = school.organization.id) => server.api('POST', `/v1/organizations/${id}/join-code/reset/`, { token })
const join = (token: string, code: string, role?: string, ip?: string) =>
  server.api('POST', '/v1/invitations/join/', { token, body: role ? { invitation_code: code, role } : { invitation_code: code }, ...(ip ? { ip } : {}) })
const requests = (token: string, id = school.organization.id) => server.api('GET', `/v1/organizations/${id}/join-requests/`, { token })
const approve = (token: string, requestId: number, id = school.organization.id) =>
  server.api('POST', `/v1/organizations/${id}/join-requests/${requestId}/approve/`, { token })
const refuse = (token: string, requestId: number, id = school.organization.id) =>
  server.api('DELETE', `/v1/organizations/${id}/join-requests/${requestId}/`, { token })
const organizationsOf = async (token: string, userId: number) => {
  const reply = await server.api('GET', `/v1/accounts/${userId}`, { token })
  expect(reply.status).toBe(200)
  return reply.body.organizations as { id: number; roles: string[] }[]
}
const currentCode = async () => (await settings(school.admin.token)).body.code as string

describe("the admins' join code settings", () => {
  it('shows the code, on, without approval, and the link the QR code carries', async () => {
    const reply = await settings(school.admin.token)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      code: school.organization.invitationCode,
      enabled: true,
      requires_approval: false,
      link: `http://portal.test/join/${school.organization.invitationCode}`,
    })
  })

  it('is refused to the teacher and the student (403) and to another organization (404)', async () => {
    expect((await settings(school.teacher.token)).status).toBe(403)
    expect((await update(school.student.token, { enabled: false })).status).toBe(403)
    expect((await reset(other.admin.token)).status).toBe(404)
    expect((await settings(school.admin.token)).body.enabled).toBe(true)
  })

  it('resets the code: a new one of 6 characters without look-alikes, the old one joins nobody', async () => {
    const old = await currentCode()
    const reply = await reset(school.admin.token)
    expect(reply.status).toBe(200)
    expect(reply.body.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    expect(reply.body.code).not.toBe(old)
    expect(reply.body.link).toBe(`http://portal.test/join/${reply.body.code}`)
    const person = await newPerson()
    const refused = await join(person.token, old)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ invitation_code: ['This invitation code is not valid.'] })
  })

  it('turns code joining off (joining and sign-up refuse, as for an unknown code) and on again', async () => {
    const code = await currentCode()
    const off = await update(school.admin.token, { enabled: false })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ code, enabled: false, requires_approval: false })
    const person = await newPerson()
    const refused = await join(person.token, code)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ invitation_code: ['This invitation code is not valid.'] })
    const signUp = await server.api('POST', '/v1/accounts/sign_in', {
      body: { first_name: 'Off', last_name: 'Code', email: 'off-code@example.com', password: 'violet tandem orchard 1987', invitation_code: code },
    })
    expect(signUp.status).toBe(400)
    expect(signUp.body).toEqual({ invitation_code: ['This invitation code is not valid.'] })

    expect((await update(school.admin.token, { enabled: true })).body.enabled).toBe(true)
    expect((await join(person.token, code)).status).toBe(200)
  })

  it('refuses an empty change and an unknown field', async () => {
    expect((await update(school.admin.token, {})).status).toBe(400)
    expect((await update(school.admin.token, { code: 'AAAAAA' })).status).toBe(400)
  })
})

describe('joining by code', () => {
  it('makes a student at once; lower case, spaces and dashes are fine', async () => {
    const code = await currentCode()
    const person = await newPerson()
    const reply = await join(person.token, ` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      status: 'joined',
      role: 'student',
      organization: { id: school.organization.id, name: 'Springfield Elementary', type: 'school' },
    })
    expect(await organizationsOf(person.token, person.user.id)).toEqual([expect.objectContaining({ id: school.organization.id, roles: ['student'] })])

    const again = await join(person.token, code)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ detail: 'You are already a member of this organization.', code: 'already_member' })
  })

  it("says 'Code is not complete' for fewer than 6 characters, and one message for an unknown code", async () => {
    const person = await newPerson()
    const short = await join(person.token, 'AB2')
    expect(short.status).toBe(400)
    expect(short.body).toEqual({ invitation_code: ['Code is not complete'] })
    const unknown = await join(person.token, 'ZZZZZ9')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ invitation_code: ['This invitation code is not valid.'] })
    expect(await organizationsOf(person.token, person.user.id)).toEqual([])
  })

  it('makes a join request when approval is required; the admin sees it and approves it', async () => {
    await update(school.admin.token, { requires_approval: true })
    const code = await currentCode()
    const person = await newPerson()
    const reply = await join(person.token, code)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ status: 'pending', role: 'student' })
    expect(await organizationsOf(person.token, person.user.id)).toEqual([])

    const again = await join(person.token, code)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('request_pending')

    const list = await requests(school.admin.token)
    expect(list.status).toBe(200)
    const mine = list.body.results.find((request: { user: { id: number } }) => request.user.id === person.user.id)
    expect(mine).toMatchObject({ role: 'student', user: { email: person.user.email, first_name: 'Joiner' } })
    expect((await approve(school.admin.token, mine.id)).status).toBe(204)
    expect(await organizationsOf(person.token, person.user.id)).toEqual([expect.objectContaining({ roles: ['student'] })])
    expect((await approve(school.admin.token, mine.id)).status).toBe(404)
    await update(school.admin.token, { requires_approval: false })
  })

  it('makes a teacher only through a request an admin approves, whatever the approval setting', async () => {
    const code = await currentCode()
    const person = await newPerson()
    const reply = await join(person.token, code, 'teacher')
    expect(reply.body).toMatchObject({ status: 'pending', role: 'teacher' })
    expect(await organizationsOf(person.token, person.user.id)).toEqual([])
    const { results } = (await requests(school.admin.token)).body
    const mine = results.find((request: { user: { id: number } }) => request.user.id === person.user.id)
    expect(mine.role).toBe('teacher')
    // another organization's admin cannot approve it
    expect((await approve(other.admin.token, mine.id, other.organization.id)).status).toBe(404)
    expect((await approve(school.teacher.token, mine.id)).status).toBe(403)
    expect((await approve(school.admin.token, mine.id)).status).toBe(204)
    expect(await organizationsOf(person.token, person.user.id)).toEqual([expect.objectContaining({ roles: ['teacher'] })])
  })

  it('lets a student ask to be a teacher too; a teacher asking to be a student is already a member', async () => {
    const code = await currentCode()
    expect((await join(school.student.token, code, 'teacher')).body.status).toBe('pending')
    const teacher = await join(school.teacher.token, code)
    expect(teacher.status).toBe(409)
    expect(teacher.body.code).toBe('already_member')
  })

  it('refuses a request: it goes, and the person may ask again', async () => {
    const code = await currentCode()
    const person = await newPerson()
    await join(person.token, code, 'teacher')
    const mine = (await requests(school.admin.token)).body.results.find((request: { user: { id: number } }) => request.user.id === person.user.id)
    expect((await refuse(school.admin.token, mine.id)).status).toBe(204)
    expect(await organizationsOf(person.token, person.user.id)).toEqual([])
    expect((await refuse(school.admin.token, mine.id)).status).toBe(404)
    expect((await join(person.token, code, 'teacher')).body.status).toBe('pending')
  })

  it('needs a session', async () => {
    expect((await server.api('POST', '/v1/invitations/join/', { body: { invitation_code: 'ABCDEF' } })).status).toBe(401)
  })
})

describe('sign-up with a code', () => {
  it('joins as a student, or makes a join request when approval is required', async () => {
    const code = await currentCode()
    const signUp = (email: string) =>
      server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'New', last_name: 'Pupil', email, password: 'violet tandem orchard 1987', invitation_code: code },
      })
    expect((await signUp('direct-pupil@example.com')).status).toBe(201)
    await update(school.admin.token, { requires_approval: true })
    expect((await signUp('waiting-pupil@example.com')).status).toBe(201)
    await update(school.admin.token, { requires_approval: false })
    const emails = (await requests(school.admin.token)).body.results.map((request: { user: { email: string } }) => request.user.email)
    expect(emails).toContain('waiting-pupil@example.com')
    expect(emails).not.toContain('direct-pupil@example.com')
  })

  it('from a join link: the confirmation link leads back to it (next), and nothing but an app path is taken', async () => {
    const code = await currentCode()
    const signUp = (email: string, next: string) =>
      server.api('POST', '/v1/accounts/sign_in', {
        body: { first_name: 'Link', last_name: 'Pupil', email, password: 'violet tandem orchard 1987', next },
      })
    expect((await signUp('link-pupil@example.com', `/join/${code}`)).status).toBe(201)
    const [mail] = await server.mails('link-pupil@example.com')
    const link = new URL(/http:\/\/portal\.test\/confirm-account\S+/.exec(mail!.text)![0])
    expect(link.searchParams.get('token')).toBeTruthy()
    expect(link.searchParams.get('next')).toBe(`/join/${code}`)
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', '/join /x', `/${'a'.repeat(300)}`]) {
      const refused = await signUp('never-pupil@example.com', next)
      expect(refused.status, next).toBe(400)
      expect(refused.body.next, next).toBeDefined()
    }
    expect(await server.mails('never-pupil@example.com')).toHaveLength(0)
  })
})

describe('guessing codes', () => {
  it('is rate-limited per person: wrong codes count, right ones do not', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_EMAIL: '3' } })
    try {
      const place = await createOrganizationWithPeople(limited, { prefix: 'rlj' })
      const user = await createUser(limited, { email: 'guesser@example.com' })
      const token = await login(limited, user.email)
      const call = (code: string) => limited.api('POST', '/v1/invitations/join/', { token, body: { invitation_code: code } })
      expect((await call(place.organization.invitationCode)).status).toBe(200)
      for (const guess of ['AAAAAA', 'BBBBBB', 'CCCCCC']) expect((await call(guess)).status).toBe(400)
      const refused = await call('DDDDDD')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })

  it('is rate-limited per address, over many people', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_PER_ADDRESS: '3' } })
    try {
      const statuses: number[] = []
      for (let index = 0; index < 4; index++) {
        const user = await createUser(limited, { email: `guesser-${index}@example.com` })
        const token = await login(limited, user.email, undefined)
        statuses.push((await limited.api('POST', '/v1/invitations/join/', { token, body: { invitation_code: 'AAAAAA' }, ip: '203.0.113.9' })).status)
      }
      expect(statuses).toEqual([400, 400, 400, 429])
    } finally {
      await limited.close()
    }
  })
})
