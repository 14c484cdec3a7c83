import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership } from '../../server/app.js'
import { groupMembers, groups, invitations } from '../../server/db/schema.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { createOrganizationWithPeople, createUser, PUBLIC_URL, startServer, type TestServer } from './harness.js'

/**
 * Issue 9: the class's students tab adds people as the creation wizard does, whether the addresses are
 * pasted or uploaded (spec 001 §2 Creation wizard and Class details, §3 Invitation auto_join, §6): with
 * consent a student of the organization joins the class at once and anyone else gets an auto-join
 * invitation; without it everyone is invited; who is in the class already is answered as such. Before,
 * the upload skipped the organization's students ("already a member") and the paste ignored the consent.
 */

let server: TestServer
let school: Awaited<ReturnType<typeof createOrganizationWithPeople>>

/** A student of the school (an account and a membership). */
const student = async (name: string) => {
  const user = await createUser(server, { email: `${name}@example.com`, firstName: name })
  await addMembership(server.db, user.id, school.organization.id, 'student')
  return user
}
const newClass = async (name: string) => {
  const [row] = await server.db
    .insert(groups)
    .values({ organizationId: school.organization.id, name, startDate: '2026-03-01', endDate: '2026-03-31', ownerId: null })
    .returning()
  return row!.id
}
const inClass = async (groupId: number, userId: number) =>
  (await server.db.select().from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))).length === 1
const invitationOf = async (email: string) => (await server.db.select().from(invitations).where(eq(invitations.email, email)))[0]
const classInvites = async (groupId: number) =>
  (await server.api('GET', `/v1/invitations/group/${groupId}/`, { token: school.admin.token })).body.results.map((row: { email: string }) => row.email).sort()

/** A class's list uploaded as the students tab does: the batch with the class, the file PUT to its address. */
const upload = async (groupId: number, lines: string[]) => {
  const payload = Buffer.from(['email', ...lines].join('\n') + '\n')
  const created = await server.api('POST', '/v1/invitations/batch/', {
    token: school.admin.token,
    body: { file_size: payload.length, content_type: 'text/csv', organization: school.organization.id, group: groupId, file_name: 'class.csv', role: 'student' },
  })
  expect(created.status, created.text).toBe(201)
  const url = new URL(created.body.presigned_url, PUBLIC_URL)
  expect([200, 204]).toContain((await server.api('PUT', `${url.pathname}${url.search}`, { raw: { payload, contentType: 'text/csv' } })).status)
  return created.body.id as number
}
const statuses = (body: { results: { value: string; status: string }[] }) => body.results.map((row) => [row.value, row.status])

beforeAll(async () => {
  server = await startServer({ now: '2026-03-20T12:00:00Z' })
  school = await createOrganizationWithPeople(server, { name: 'Springfield Elementary', prefix: 'csa' })
})
afterAll(() => server.close())

describe("a class's uploaded list", () => {
  it('adds the organization\'s students with consent, invites the others, and says who was skipped and why', async () => {
    const groupId = await newClass('Upload with consent')
    const [bart, lisa] = [await student('bart'), await student('lisa')]
    await server.db.insert(groupMembers).values({ groupId, userId: bart.id })
    await storeInvitations(server.db, { organizationId: school.organization.id, role: 'student', emails: ['milhouse@example.com'], groupId, invitedBy: school.admin.user.id, now: new Date(), ttlSeconds: 3600 })
    const id = await upload(groupId, ['BART@example.com', 'lisa@example.com', 'nelson@example.com', 'nelson@example.com', 'nope', 'milhouse@example.com'])

    const preview = await server.api('GET', `/v1/invitations/batch/${id}/`, { token: school.admin.token })
    expect(preview.status, preview.text).toBe(200)
    expect(statuses(preview.body)).toEqual([
      ['BART@example.com', 'in_class'],
      ['lisa@example.com', 'ok'],
      ['nelson@example.com', 'ok'],
      ['nelson@example.com', 'duplicate'],
      ['nope', 'invalid_email'],
      ['milhouse@example.com', 'invited'],
    ])
    expect(preview.body.counts).toMatchObject({ ok: 2, in_class: 1, duplicate: 1, invalid_email: 1, invited: 1, member: 0 })

    const sent = await server.api('POST', `/v1/invitations/batch/${id}/send/`, { token: school.admin.token, body: { consent: true } })
    expect(sent.status, sent.text).toBe(200)
    // the answer is the list as it was sent: who joined, who was invited, and the skipped rows by reason
    expect(sent.body).toMatchObject({ joined: 1, invited: 1, counts: { ok: 2, in_class: 1, duplicate: 1, invalid_email: 1, invited: 1 } })
    expect(await inClass(groupId, lisa.id)).toBe(true)
    expect(await classInvites(groupId)).toEqual(['milhouse@example.com', 'nelson@example.com'])
    expect(await invitationOf('nelson@example.com')).toMatchObject({ autoJoin: true, role: 'student' })
    expect((await server.mails('lisa@example.com')).length).toBe(0)

    // checked again later, the students who joined are in the class
    const later = await server.api('GET', `/v1/invitations/batch/${id}/`, { token: school.admin.token })
    expect(later.body.counts).toMatchObject({ in_class: 2, invited: 2, ok: 0 })
    expect(later.body.joined).toBeUndefined()
  })

  it('invites the organization\'s students too without consent: they accept on their own', async () => {
    const groupId = await newClass('Upload without consent')
    const maggie = await student('maggie')
    const id = await upload(groupId, ['maggie@example.com'])
    const sent = await server.api('POST', `/v1/invitations/batch/${id}/send/`, { token: school.admin.token, body: { consent: false } })
    expect(sent.body).toMatchObject({ joined: 0, invited: 1 })
    expect(await inClass(groupId, maggie.id)).toBe(false)
    expect(await invitationOf('maggie@example.com')).toMatchObject({ autoJoin: false, status: 'pending' })
    expect(await classInvites(groupId)).toEqual(['maggie@example.com'])
  })

  it('keeps the organization-wide lists as they were: a member is skipped there', async () => {
    await student('ralph')
    const payload = Buffer.from('email\nralph@example.com\n')
    const created = await server.api('POST', '/v1/invitations/batch/', {
      token: school.admin.token,
      body: { file_size: payload.length, content_type: 'text/csv', organization: school.organization.id, group: null, file_name: 'org.csv', role: 'student' },
    })
    const url = new URL(created.body.presigned_url, PUBLIC_URL)
    await server.api('PUT', `${url.pathname}${url.search}`, { raw: { payload, contentType: 'text/csv' } })
    const preview = await server.api('GET', `/v1/invitations/batch/${created.body.id}/`, { token: school.admin.token })
    expect(statuses(preview.body)).toEqual([['ralph@example.com', 'member']])
  })
})

describe("a class's pasted addresses", () => {
  const add = (groupId: number, body: unknown) => server.api('POST', `/v1/groups/${groupId}/users`, { token: school.admin.token, body })

  it('with consent: students join, the others are invited, and who was in the class already is answered apart', async () => {
    const groupId = await newClass('Paste with consent')
    const [sherri, terri] = [await student('sherri'), await student('terri')]
    await server.db.insert(groupMembers).values({ groupId, userId: sherri.id })
    const reply = await add(groupId, { emails: ['sherri@example.com', 'terri@example.com', 'wendell@example.com'], consent: true })
    expect(reply.status, reply.text).toBe(200)
    expect(reply.body).toMatchObject({ added: [terri.id], already: [sherri.id], invitations: [{ email: 'wendell@example.com' }] })
    expect(await invitationOf('wendell@example.com')).toMatchObject({ autoJoin: true })
  })

  it('without consent: the organization\'s students are invited too, as the wizard does', async () => {
    const groupId = await newClass('Paste without consent')
    const martin = await student('martin')
    const reply = await add(groupId, { emails: ['martin@example.com'], consent: false })
    expect(reply.body).toMatchObject({ added: [], already: [], invitations: [{ email: 'martin@example.com', role: 'student' }] })
    expect(await inClass(groupId, martin.id)).toBe(false)
    expect(await invitationOf('martin@example.com')).toMatchObject({ autoJoin: false })

    const wizard = await server.api('POST', `/v1/groups/${school.organization.id}/`, {
      token: school.admin.token,
      body: { name: 'Wizard without consent', start_date: '2026-03-01', end_date: '2026-03-31', students: ['martin@example.com'], consent: false },
    })
    expect(wizard.status, wizard.text).toBe(201)
    expect(wizard.body.roster).toEqual({ joined: [], invited: ['martin@example.com'], pending_teacher: null })
  })
})
