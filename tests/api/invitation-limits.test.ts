import { eq, like } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitationBatches, invitations, organizations, rateLimits } from '../../server/db/schema.js'
import { countRows, createOrganizationWithPeople, createUser, login, PUBLIC_URL, snapshot, startServer, type TestServer } from './harness.js'

/**
 * An organization's invitations a day (issue 18, server/invitations/quota.ts): INVITATIONS_PER_DAY_UNVERIFIED
 * until a platform admin verifies it, INVITATIONS_PER_DAY after, or the number a platform admin sets; past
 * them a call is refused whole with 429, Retry-After and a message that says what to do, and nothing is
 * stored nor mailed. Inviting an address again within the day renews its invitation without a mail.
 * Small caps here (5 and 8), so that the tests stay small.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const UNVERIFIED = 5
const VERIFIED = 8

let server: TestServer
let superToken: string
let sequence = 0

beforeAll(async () => {
  server = await startServer({ env: { INVITATIONS_PER_DAY_UNVERIFIED: String(UNVERIFIED), INVITATIONS_PER_DAY: String(VERIFIED) } })
  await createUser(server, { email: 'platform@example.com', superuser: true })
  superToken = await login(server, 'platform@example.com')
})
afterAll(() => server.close())

/** A new organization with its people; verified when asked. */
const school = async (verified = false) => {
  const made = await createOrganizationWithPeople(server, { prefix: `limits-${++sequence}` })
  if (verified) await server.db.update(organizations).set({ isVerified: true }).where(eq(organizations.id, made.organization.id))
  return made
}

const addresses = (count: number, tag: string) => Array.from({ length: count }, (_, index) => `${tag}-${sequence}-${index}@example.com`)

const invite = (token: string, organization: number, emails: string[], role = 'student') =>
  server.api('POST', '/v1/accounts/invite/', { token, body: { organization, role, emails } })

const invitationCount = async (organizationId: number) =>
  (await server.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.organizationId, organizationId))).length

/** The row counts, and the counts of the invitation limits: "nothing stored" leaves both alone. */
const state = async () => ({
  ...(await snapshot(server)),
  groups: await countRows(server, 'groups'),
  limits: await server.db.select().from(rateLimits).where(like(rateLimits.key, 'invitations:%')).orderBy(rateLimits.key),
})

describe('the invitations a day of an organization', () => {
  it('lets an unverified organization send its 5, then refuses the 6th with 429, Retry-After and what to do, storing nothing', async () => {
    const { organization, admin } = await school()
    expect((await invite(admin.token, organization.id, addresses(3, 'first'))).status).toBe(201)
    // a call that would pass the cap is refused whole, not cut
    const before = await state()
    const over = await invite(admin.token, organization.id, addresses(3, 'over'))
    expect(over.status).toBe(429)
    expect(over.body).toEqual({
      code: 'invitation_limit',
      detail:
        "This organization is not verified yet, so it can send 5 invitations a day, and it has 2 left today: nothing was sent. Invite fewer people, try again in 24 hours, or ask the platform's team to verify your organization.",
    })
    const wait = Number(over.headers['retry-after'])
    expect(wait).toBeGreaterThan(23 * 3600)
    expect(wait).toBeLessThanOrEqual(24 * 3600)
    expect(await state()).toEqual(before)
    expect(await invitationCount(organization.id)).toBe(3)
    // the two left go, and then nothing more
    expect((await invite(admin.token, organization.id, addresses(2, 'last'))).status).toBe(201)
    const full = await invite(admin.token, organization.id, addresses(1, 'full'), 'teacher')
    expect(full.status).toBe(429)
    expect(full.body.detail).toContain('it has 0 left today')
    const spanish = await server.api('POST', '/v1/accounts/invite/', {
      token: admin.token,
      language: 'es-MX',
      body: { organization: organization.id, role: 'student', emails: addresses(1, 'es') },
    })
    expect(spanish.status).toBe(429)
    expect(spanish.body.detail).toContain('Esta organización aún no está verificada')
    expect(await invitationCount(organization.id)).toBe(5)
    // another organization has its own count
    const other = await school()
    expect((await invite(other.admin.token, other.organization.id, addresses(5, 'other'))).status).toBe(201)
    // a day after the first invitation, the organization may send again
    server.advance(wait)
    expect((await invite(admin.token, organization.id, addresses(5, 'next-day'))).status).toBe(201)
  })

  it('gives a verified organization the higher default, and says so without asking to verify it', async () => {
    const { organization, admin } = await school(true)
    expect((await invite(admin.token, organization.id, addresses(VERIFIED, 'verified'))).status).toBe(201)
    const over = await invite(admin.token, organization.id, addresses(1, 'verified-over'))
    expect(over.status).toBe(429)
    expect(over.body.detail).toBe(
      "This organization can send 8 invitations a day and has 0 left today, so nothing was sent. Invite fewer people, or try again in 24 hours. A platform admin can raise the organization's limit.",
    )
  })

  it('mails an address invited 5 times in a row once, keeps one invitation, and counts it once', async () => {
    const { organization, admin } = await school()
    const [address] = addresses(1, 'repeated')
    const answers = []
    for (let time = 0; time < 5; time++) answers.push(await invite(admin.token, organization.id, [address!]))
    expect(answers.map((reply) => reply.status)).toEqual([201, 201, 201, 201, 201])
    expect(answers.map((reply) => reply.body.renewed)).toEqual([[], [address], [address], [address], [address]])
    expect(await server.mails(address)).toHaveLength(1)
    expect(await invitationCount(organization.id)).toBe(1)
    // the four renewals took nothing from the day's 5
    expect((await invite(admin.token, organization.id, addresses(4, 'after-repeat'))).status).toBe(201)
    expect((await invite(admin.token, organization.id, addresses(1, 'one-too-many'))).status).toBe(429)
  })

  it('lets 10 calls at once send no more than the cap', async () => {
    const { organization, admin } = await school()
    const replies = await Promise.all(addresses(10, 'race').map((email) => invite(admin.token, organization.id, [email])))
    const statuses = replies.map((reply) => reply.status).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(UNVERIFIED)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - UNVERIFIED)
    expect(await invitationCount(organization.id)).toBe(UNVERIFIED)
  })

  it('counts resends, and refuses a resend past the cap', async () => {
    const { organization, admin } = await school()
    const sent = await invite(admin.token, organization.id, addresses(UNVERIFIED, 'resent'))
    const id = sent.body.invitations[0].id
    const before = await state()
    const resend = await server.api('POST', `/v1/invitations/${id}/resend/`, { token: admin.token })
    expect(resend.status).toBe(429)
    expect(resend.body.code).toBe('invitation_limit')
    expect(resend.headers['retry-after']).toBeDefined()
    expect(await state()).toEqual(before)
  })
})

describe("a platform admin's verification and number", () => {
  const update = (token: string, organization: typeof organizations.$inferSelect, fields: Record<string, unknown>) =>
    server.api('PUT', `/v1/organizations/${organization.id}/`, {
      token,
      body: {
        name: organization.name,
        type: organization.type,
        industry: 'education',
        address_1: '1 Main St',
        city: 'Springfield',
        state: 'OR',
        postal_code: '97477',
        country: 'US',
        phone: '+1 5415550100',
        timezone: 'America/Los_Angeles',
        ...fields,
      },
    })

  it('raises the cap of one organization; its admin may not, nor verify it (403)', async () => {
    const { organization, admin } = await school()
    expect((await invite(admin.token, organization.id, addresses(UNVERIFIED, 'before-raise'))).status).toBe(201)
    expect((await invite(admin.token, organization.id, addresses(1, 'before-raise-over'))).status).toBe(429)

    const refused = await update(admin.token, organization, { invitations_per_day: 50 })
    expect(refused.status).toBe(403)
    expect((await update(admin.token, organization, { is_verified: true })).status).toBe(403)
    const [unchanged] = await server.db.select().from(organizations).where(eq(organizations.id, organization.id))
    expect(unchanged!.invitationsPerDay).toBeNull()
    expect(unchanged!.isVerified).toBe(false)
    // sending the number as it is changes nothing, and is the admin's own form
    expect((await update(admin.token, organization, { invitations_per_day: null })).status).toBe(200)

    const raised = await update(superToken, organization, { invitations_per_day: 20 })
    expect(raised.status).toBe(200)
    expect(raised.body.invitations_per_day).toBe(20)
    expect((await invite(admin.token, organization.id, addresses(15, 'after-raise'))).status).toBe(201)
    expect((await invite(admin.token, organization.id, addresses(1, 'after-raise-over'))).status).toBe(429)
    // null goes back to the default; a number out of range is refused
    expect((await update(superToken, organization, { invitations_per_day: -1 })).status).toBe(400)
    expect((await update(superToken, organization, { invitations_per_day: null })).body.invitations_per_day).toBeNull()
  })

  it('verifying an organization gives it the verified default', async () => {
    const { organization, admin } = await school()
    expect((await invite(admin.token, organization.id, addresses(UNVERIFIED, 'to-verify'))).status).toBe(201)
    expect((await update(superToken, organization, { is_verified: true })).status).toBe(200)
    expect((await invite(admin.token, organization.id, addresses(VERIFIED - UNVERIFIED, 'verified-now'))).status).toBe(201)
    expect((await invite(admin.token, organization.id, addresses(1, 'verified-now-over'))).status).toBe(429)
  })
})

describe('every path that invites', () => {
  it('the class wizard: a class whose students pass the cap is not created', async () => {
    const { organization, admin } = await school()
    const before = await state()
    const reply = await server.api('POST', `/v1/groups/${organization.id}/`, {
      token: admin.token,
      body: { name: 'Too big', start_date: '2026-01-01', end_date: '2026-12-31', students: addresses(UNVERIFIED + 1, 'wizard') },
    })
    expect(reply.status).toBe(429)
    expect(await state()).toEqual(before)
  })

  it('the invitation batch: its preview says how many are left, and a send over them is refused whole', async () => {
    const { organization, admin } = await school()
    expect((await invite(admin.token, organization.id, addresses(2, 'batch-before'))).status).toBe(201)
    const created = await server.api('POST', '/v1/invitations/batch/', {
      token: admin.token,
      body: { file_size: 100, content_type: 'text/csv', organization: organization.id, group: null, file_name: 'students.csv', role: 'student' },
    })
    expect(created.status).toBe(201)
    const batchId = created.body.id
    const replaced = await server.api('PUT', `/v1/invitations/batch/${batchId}/`, { token: admin.token, body: { emails: addresses(4, 'batch') } })
    expect(replaced.status).toBe(200)
    expect(replaced.body.invitation_allowance).toEqual({ per_day: UNVERIFIED, left_today: 3, to_send: 4, verified: false, resets_at: expect.any(String) })
    const got = await server.api('GET', `/v1/invitations/batch/${batchId}/`, { token: admin.token })
    expect(got.body.invitation_allowance.left_today).toBe(3)

    const before = await state()
    const send = await server.api('POST', `/v1/invitations/batch/${batchId}/send/`, { token: admin.token, body: { consent: true } })
    expect(send.status).toBe(429)
    expect(await state()).toEqual(before)
    const [batch] = await server.db.select().from(invitationBatches).where(eq(invitationBatches.id, batchId))
    expect(batch!.sentAt).toBeNull()

    // three of the four: sent
    await server.api('PUT', `/v1/invitations/batch/${batchId}/`, { token: admin.token, body: { emails: addresses(3, 'batch') } })
    const sent = await server.api('POST', `/v1/invitations/batch/${batchId}/send/`, { token: admin.token, body: { consent: true } })
    expect(sent.status).toBe(200)
    expect(sent.body.invited).toBe(3)
    expect(sent.body.invitation_allowance).toBeUndefined()
  })

  it('the class user import: its preview says how many are left, and a confirmation over them creates nothing', async () => {
    const { organization, admin } = await school()
    const klass = await server.api('POST', `/v1/groups/${organization.id}/`, {
      token: admin.token,
      body: { name: 'Import here', start_date: '2026-01-01', end_date: '2026-12-31' },
    })
    expect(klass.status).toBe(201)
    const emails = addresses(UNVERIFIED + 1, 'user-import')
    const payload = Buffer.from(['email,class_name', ...emails.map((email) => `${email},Import here`)].join('\n') + '\n')
    const base = `/v1/groups/${organization.id}`
    const created = await server.api('POST', `${base}/users/import/upload/`, {
      token: admin.token,
      body: { file_size: payload.length, content_type: 'text/csv', file_name: 'users.csv' },
    })
    const address = new URL(created.body.presigned_url, PUBLIC_URL)
    expect((await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: 'text/csv' } })).status).toBe(204)
    const preview = await server.api('POST', `${base}/users/preview/`, { token: admin.token, body: { file_key: created.body.callback_id } })
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body.invitation_allowance).toEqual({ per_day: UNVERIFIED, left_today: UNVERIFIED, to_send: UNVERIFIED + 1, verified: false, resets_at: null })
    const before = await state()
    const confirm = await server.api('POST', `${base}/users/import/`, { token: admin.token, body: { callback_id: created.body.callback_id } })
    expect(confirm.status).toBe(429)
    expect(await state()).toEqual(before)
  })

  it('the class import: its preview counts the teachers it would invite', async () => {
    const { organization, admin } = await school()
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Classes')
    sheet.addRow(['Class name', 'Start date', 'End date', 'Days of practice per week', 'Minutes per day', 'Take assessment', 'Engagement days', 'Teacher e-mail'])
    const teachers = addresses(UNVERIFIED + 1, 'teacher')
    teachers.forEach((email, index) => sheet.addRow([`Imported ${index}`, '2026-01-05', '2026-02-04', '', '', '', '', email]))
    const payload = Buffer.from(await workbook.xlsx.writeBuffer())
    const base = `/v1/groups/${organization.id}`
    const created = await server.api('POST', `${base}/import/upload/`, {
      token: admin.token,
      body: { file_size: payload.length, content_type: XLSX, file_name: 'classes.xlsx' },
    })
    expect(created.status, created.text).toBe(201)
    const address = new URL(created.body.presigned_url, PUBLIC_URL)
    expect((await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: XLSX } })).status).toBe(204)
    const preview = await server.api('POST', `${base}/preview/`, { token: admin.token, body: { file_key: created.body.callback_id } })
    expect(preview.status, preview.text).toBe(200)
    expect(preview.body.invitation_allowance).toMatchObject({ per_day: UNVERIFIED, left_today: UNVERIFIED, to_send: UNVERIFIED + 1 })
    const before = await state()
    const confirm = await server.api('POST', `${base}/import/`, { token: admin.token, body: { callback_id: created.body.callback_id } })
    expect(confirm.status).toBe(429)
    expect(await state()).toEqual(before)
  })
})
