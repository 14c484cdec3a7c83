import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembership, createOrganization, hashPassword } from '../../server/app.js'
import { setPasswordHash } from '../../server/accounts/queries.js'
import { AUTHORIZATION, CALLERS, FIELD_AUTHORIZATION, type Answer, type Caller, type Scope } from '../../server/auth/authorization-table.js'
import { createSession } from '../../server/auth/sessions.js'
import { loadContract, type Operation } from '../../server/contract/load.js'
import { storeInvitations } from '../../server/invitations/issue.js'
import { assignments, groupMembers, groups, joinRequests, memberships, organizations, users, type OrganizationRow, type Role, type UserRow } from '../../server/db/schema.js'
import { PUBLIC_URL, type Reply, startServer, type TestServer } from './harness.js'

/**
 * The authorization table (server/auth/authorization-table.ts), called cell by cell. For every
 * operation of the contract (read at run time) and every caller and scope of its row, one request
 * with a body that passes the contract's validation; the answer must be the table's: an allowed call
 * gets no 401 or 403, nor a 404 on an operation whose refusals are 404s (so the fixtures aim at rows
 * that exist); a refused one gets exactly the table's status.
 *
 * The world: organizations A and B in the US and C in Japan, each with an admin, a teacher, a student
 * and a member the account and member calls aim at; a country admin of the US, an unrestricted
 * platform admin and a user in no organization. The student, teacher and admin of A are the callers of
 * those names; the other member is B's admin, and the user in no organization is checked as an other
 * member too (on "own" scopes, where it is one). Calls that delete or end something (an account, an
 * organization, a member, a session, a password) run on fresh resources per case.
 */

let server: TestServer
const PASSWORD = 'a fine passphrase'
let passwordHash: string
let sequence = 0
const unique = (what: string) => `${what}-${++sequence}@authz.example.com`

interface Person {
  user: UserRow
  token: string
}

interface Place {
  organization: OrganizationRow
  admin: Person
  teacher: Person
  student: Person
  /** The member that account and member calls aim at. */
  member: UserRow
}

interface World {
  own: Place
  other: Place
  otherCountry: Place
  countryAdmin: Person
  platformAdmin: Person
  loner: Person
  /** An organization whose invitations the accepting callers accept. */
  spare: OrganizationRow
}
let world: World

const PROFILES = {
  US: { country: 'US', phone: '+1 5415550100', timezone: 'America/Los_Angeles', state: 'OR', postalCode: '97477', city: 'Springfield' },
  JP: { country: 'JP', phone: '+81 312345678', timezone: 'Asia/Tokyo', state: 'Tokyo', postalCode: '100-0001', city: 'Chiyoda' },
} as const
type Country = keyof typeof PROFILES

const newUser = async (values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> => {
  const [user] = await server.db
    .insert(users)
    .values({ firstName: 'Case', lastName: 'Person', email: unique('user'), confirmedAt: new Date(), language: 'en', ...values })
    .returning()
  await setPasswordHash(server.db, user!.id, passwordHash)
  return user!
}

const sessionOf = async (user: UserRow): Promise<Person> => ({
  user,
  token: (await createSession(server.db, user.id, new Date(), 3600)).token,
})

const newOrganization = (country: Country, deleted = false) =>
  createOrganization(server.db, {
    name: `Organization ${++sequence}`,
    type: 'school',
    industry: 'education',
    address1: '19 Plympton St',
    city: PROFILES[country].city,
    state: PROFILES[country].state,
    postalCode: PROFILES[country].postalCode,
    country,
    phone: PROFILES[country].phone,
    timezone: PROFILES[country].timezone,
    createdAt: new Date(),
    ...(deleted ? { deletedAt: new Date() } : {}),
  })

const newPlace = async (country: Country): Promise<Place> => {
  const organization = await newOrganization(country)
  const member = async (role: Role) => {
    const user = await newUser({ firstName: role })
    await addMembership(server.db, user.id, organization.id, role)
    return user
  }
  return {
    organization,
    admin: await sessionOf(await member('admin')),
    teacher: await sessionOf(await member('teacher')),
    student: await sessionOf(await member('student')),
    member: await member('student'),
  }
}

// ---- the callers, and who stands for each ----

interface Identity {
  caller: Caller
  label: string
  /** The scopes this identity is checked on (its caller's cells). */
  scopes?: readonly Scope[]
  person: () => Person | undefined
  /** A new account with the same standing (for calls that end the caller's account or session). */
  clone: () => Promise<Person | undefined>
}

const cloneOf = async (person: Person, membership?: { organization: OrganizationRow; role: Role }) => {
  const user = await newUser({ isSuperuser: person.user.isSuperuser, countryAdminLevel: person.user.countryAdminLevel })
  if (membership) await addMembership(server.db, user.id, membership.organization.id, membership.role)
  return sessionOf(user)
}

const memberOfOwn = (caller: Caller, role: Role, pick: (place: Place) => Person): Identity => ({
  caller,
  label: caller,
  person: () => pick(world.own),
  clone: () => cloneOf(pick(world.own), { organization: world.own.organization, role }),
})

const IDENTITIES: Identity[] = [
  { caller: 'anonymous', label: 'anonymous', person: () => undefined, clone: async () => undefined },
  memberOfOwn('student', 'student', (place) => place.student),
  memberOfOwn('teacher', 'teacher', (place) => place.teacher),
  memberOfOwn('organizationAdmin', 'admin', (place) => place.admin),
  {
    caller: 'otherMember',
    label: 'otherMember (admin of B)',
    person: () => world.other.admin,
    clone: () => cloneOf(world.other.admin, { organization: world.other.organization, role: 'admin' }),
  },
  {
    caller: 'otherMember',
    label: 'otherMember (in no organization)',
    scopes: ['ownAccount', 'ownOrganization', 'n/a'],
    person: () => world.loner,
    clone: () => cloneOf(world.loner),
  },
  { caller: 'countryAdmin', label: 'countryAdmin (US)', person: () => world.countryAdmin, clone: () => cloneOf(world.countryAdmin) },
  { caller: 'platformAdmin', label: 'platformAdmin', person: () => world.platformAdmin, clone: () => cloneOf(world.platformAdmin) },
]

// ---- one request per operation ----

interface Case {
  me: Person | undefined
  /** The organization of the scope (organization operations). */
  organization: OrganizationRow
  /** A member of that organization. */
  member: UserRow
  /** The account of the scope (account operations). */
  account: UserRow
  /** The country of the scope. */
  country: Country
}

interface Request {
  params?: Record<string, string | number>
  query?: string
  body?: unknown
  raw?: { payload: Buffer; contentType: string }
}

interface Fixture {
  /** What the case needs of its own: a new caller, a new member in the organization, a new (deleted) organization. */
  fresh?: Array<'caller' | 'member' | 'organization' | 'deletedOrganization'>
  request: (c: Case) => Request | Promise<Request>
}

const STRONG_PASSWORD = 'violet tandem orchard 1987'
/** A new phone number per text message, as `unique` makes a new address per mail. */
let phones = 0
const LOGO = readFileSync(new URL('../fixtures/logo.png', import.meta.url))

const organizationForm = (organization: OrganizationRow) => ({
  name: organization.name,
  type: organization.type,
  industry: organization.industry,
  address_1: organization.address1,
  address_2: null,
  city: organization.city,
  state: organization.state,
  postal_code: organization.postalCode,
  country: organization.country,
  phone: organization.phone,
  timezone: organization.timezone,
})

/** The logo's address part of an organization, uploaded first when it has none. */
const logoVersion = async (organization: OrganizationRow): Promise<string> => {
  const [row] = await server.db.select().from(organizations).where(eq(organizations.id, organization.id))
  if (row?.logoKey) return row.logoKey.split('/logo-')[1]!
  const uploaded = await server.api('PUT', `/v1/organizations/${organization.id}/logo/`, {
    token: world.platformAdmin.token,
    raw: { payload: LOGO, contentType: 'image/png' },
  })
  expect(uploaded.status).toBe(200)
  return String(uploaded.body.logo_url).split('/').pop()!
}

/** The photo's address part of an account, uploaded by its owner first when it has none. */
const photoVersion = async (account: UserRow): Promise<string> => {
  const [row] = await server.db.select().from(users).where(eq(users.id, account.id))
  if (row?.photoKey) return row.photoKey.split('/photo-')[1]!
  const uploaded = await server.api('PUT', `/v1/accounts/${account.id}/photo/`, {
    token: (await sessionOf(account)).token,
    raw: { payload: LOGO, contentType: 'image/png' },
  })
  expect(uploaded.status).toBe(200)
  return String(uploaded.body.photo_url).split('/').pop()!
}

/** A csv of one organization of the case's country, ready to import. */
const importFile = (c: Case) => {
  const profile = PROFILES[c.country]
  const row = [`Imported ${++sequence}`, 'school', 'education', '1 Main St', profile.city, profile.state, profile.postalCode, c.country, profile.phone, profile.timezone, unique('owner')]
  return Buffer.from(`name,type,industry,address_1,city,state,postal_code,country,phone,timezone,owner_email\n${row.join(',')}\n`)
}

/** An import staged by the caller when it may stage one (an import is its stager's), else by the platform admin. */
const stagedImport = async (c: Case): Promise<number> => {
  const stager = c.me?.user.isSuperuser ? c.me : world.platformAdmin
  const staged = await server.api('POST', '/v1/organizations/import/?file_name=organizations.csv', {
    token: stager.token,
    raw: { payload: importFile(c), contentType: 'text/csv' },
  })
  expect(staged.status, staged.text).toBe(201)
  return staged.body.id as number
}

const orgId = (c: Case) => ({ id: c.organization.id })

/** A new pending invitation of the organization (each case revokes or resends its own). */
const newInvitation = async (organization: OrganizationRow): Promise<number> => {
  const [issued] = await storeInvitations(server.db, {
    organizationId: organization.id,
    role: 'student',
    emails: [unique('pending')],
    invitedBy: world.platformAdmin.user.id,
    now: new Date(),
    ttlSeconds: 3600,
  })
  return issued!.row.id
}
/** A new join request to the organization, of a new person (each case approves or refuses its own). */
const newJoinRequest = async (organization: OrganizationRow): Promise<number> => {
  const person = await newUser({ firstName: 'Joiner' })
  const [request] = await server.db.insert(joinRequests).values({ organizationId: organization.id, userId: person.id, role: 'teacher' }).returning()
  return request!.id
}
const memberIds = (c: Case) => ({ id: c.organization.id, userId: c.member.id })

/** A batch invitation of the organization, made by the platform admin, its file uploaded through its presigned address. */
const uploadedBatch = async (organization: OrganizationRow, kind: 'emails' | 'user_ids' = 'emails', line = unique('batch')): Promise<number> => {
  const payload = Buffer.from(`${kind === 'emails' ? 'email' : 'user_id'}\n${line}\n`)
  const created = await server.api('POST', '/v1/invitations/batch/', {
    token: world.platformAdmin.token,
    body: { file_size: payload.length, content_type: 'text/csv', organization: organization.id, file_name: 'list.csv', role: 'student', kind },
  })
  expect(created.status, created.text).toBe(201)
  const address = new URL(created.body.presigned_url as string, PUBLIC_URL)
  const put = await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: 'text/csv' } })
  expect(put.status, put.text).toBe(204)
  return created.body.id as number
}
/** A class import of the organization with its xlsx uploaded (one class of a new name); answers its callback_id. */
const uploadedClassImport = async (organization: OrganizationRow): Promise<number> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Classes')
  sheet.addRow(['name', 'start_date', 'end_date'])
  sheet.addRow([`Imported class ${++sequence}`, '2026-01-05', '2026-02-04'])
  const payload = Buffer.from(await workbook.xlsx.writeBuffer())
  const created = await server.api('POST', `/v1/groups/${organization.id}/import/upload/`, {
    token: world.platformAdmin.token,
    body: { file_size: payload.length, content_type: XLSX_TYPE, file_name: 'classes.xlsx' },
  })
  expect(created.status, created.text).toBe(201)
  const address = new URL(created.body.presigned_url as string, PUBLIC_URL)
  const put = await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: XLSX_TYPE } })
  expect(put.status, put.text).toBe(204)
  return created.body.callback_id as number
}
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** A user import into classes of the organization with its csv uploaded (a new address into a new class); answers its callback_id. */
const uploadedClassUserImport = async (organization: OrganizationRow): Promise<number> => {
  const groupId = await newGroup(organization)
  const [group] = await server.db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId))
  const payload = Buffer.from(`email,class_name\n${unique('learner')},${group!.name}\n`)
  const created = await server.api('POST', `/v1/groups/${organization.id}/users/import/upload/`, {
    token: world.platformAdmin.token,
    body: { file_size: payload.length, content_type: 'text/csv', file_name: 'users.csv' },
  })
  expect(created.status, created.text).toBe(201)
  const address = new URL(created.body.presigned_url as string, PUBLIC_URL)
  const put = await server.api('PUT', `${address.pathname}${address.search}`, { raw: { payload, contentType: 'text/csv' } })
  expect(put.status, put.text).toBe(204)
  return created.body.callback_id as number
}
/** A new class of the organization owned by its teacher (the teacher's "allowed" is for its own classes), with goals. */
const newGroup = async (organization: OrganizationRow): Promise<number> => {
  const [teacher] = await server.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(sql`${memberships.organizationId} = ${organization.id} and ${memberships.role} = 'teacher'`)
    .orderBy(memberships.id)
    .limit(1)
  const [group] = await server.db
    .insert(groups)
    .values({ organizationId: organization.id, name: `Class ${++sequence}`, startDate: '2026-01-01', endDate: '2026-12-31', ownerId: teacher!.userId })
    .returning()
  await server.db.insert(assignments).values({ groupId: group!.id })
  return group!.id
}
const groupIds = async (c: Case) => ({ orgId: c.organization.id, groupId: await newGroup(c.organization) })
/** A new class of the organization with one of its students in it. */
const groupWithStudent = async (organization: OrganizationRow): Promise<{ groupId: number; studentId: number }> => {
  const groupId = await newGroup(organization)
  const student = await newUser({ firstName: 'Pupil' })
  await addMembership(server.db, student.id, organization.id, 'student')
  await server.db.insert(groupMembers).values({ groupId, userId: student.id })
  return { groupId, studentId: student.id }
}
const classDetails = { name: 'Grade 7 B', start_date: '2026-01-05', end_date: '2026-02-04' }
/** A past month of reports (weekly: its Saturdays). */
const REPORT_RANGE = 'from=2026-01-01&to=2026-01-31&scope=weekly'
/**
 * The teacher of a teacher's report: the caller itself when it teaches in the organization (a teacher
 * reads only its own), else the organization's first teacher.
 */
const teacherFor = async (c: Case): Promise<number> => {
  const [teacher] = await server.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(sql`${memberships.organizationId} = ${c.organization.id} and ${memberships.role} = 'teacher'`)
    .orderBy(sql`${memberships.userId} = ${c.me?.user.id ?? 0} desc`, memberships.id)
    .limit(1)
  return teacher!.userId
}

/**
 * The learner of a learner's report: the caller itself when it is a student of the organization (a
 * student reads only its own), else the organization's member put in a class of its teacher (a teacher
 * reads the students of its classes).
 */
const learnerFor = async (c: Case): Promise<number> => {
  if (c.me) {
    const roles = await server.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(sql`${memberships.userId} = ${c.me.user.id} and ${memberships.organizationId} = ${c.organization.id}`)
    if (roles.some(({ role }) => role === 'student')) return c.me.user.id
  }
  await server.db.insert(groupMembers).values({ groupId: await newGroup(c.organization), userId: c.member.id })
  return c.member.id
}

const FIXTURES: Record<string, Fixture> = {
  login: { request: () => ({ body: { email: world.loner.user.email, password: PASSWORD } }) },
  signUp: { request: () => ({ body: { first_name: 'New', last_name: 'Person', email: unique('signup'), password: STRONG_PASSWORD, language: 'en' } }) },
  socialSignIn: { request: () => ({ body: { social_token: 'not-a-ticket' } }) },
  resetPassword: { request: () => ({ body: { email: world.loner.user.email } }) },
  resetPasswordConfirm: { request: () => ({ body: { token: 'not-a-token', password: STRONG_PASSWORD } }) },
  validateResetToken: { request: () => ({ body: { token: 'not-a-token' } }) },
  sendConfirmation: { request: () => ({ body: { email: world.loner.user.email } }) },
  checkConfirmation: { request: () => ({ body: { token: 'not-a-token' } }) },
  confirmAccount: { request: () => ({ body: { token: 'not-a-token' } }) },
  declineAccount: { request: () => ({ body: { token: 'not-a-token' } }) },
  undoEmailChange: { request: () => ({ body: { token: 'not-a-token' } }) },
  getAccount: { request: (c) => ({ params: { id: c.account.id } }) },
  updateAccount: { request: (c) => ({ params: { id: c.account.id }, body: { first_name: c.account.firstName } }) },
  deleteAccount: { fresh: ['caller', 'member'], request: (c) => ({ params: { id: c.account.id }, body: { password: PASSWORD } }) },
  changePassword: {
    fresh: ['caller', 'member'],
    request: (c) => ({ params: { id: c.account.id }, body: { current_password: PASSWORD, new_password: STRONG_PASSWORD } }),
  },
  logout: { fresh: ['caller'], request: () => ({}) },
  // the profile
  uploadAccountPhoto: { request: (c) => ({ params: { id: c.account.id }, raw: { payload: LOGO, contentType: 'image/png' } }) },
  removeAccountPhoto: { request: (c) => ({ params: { id: c.account.id } }) },
  getAccountPhoto: { request: async (c) => ({ params: { id: c.account.id, version: await photoVersion(c.account) } }) },
  withdrawFromOrganization: { fresh: ['caller'], request: (c) => ({ params: orgId(c) }) },
  sendAppLinkByEmail: { request: () => ({ body: { email: unique('app-link'), application: 'ios' } }) },
  sendAppLinkBySms: { request: () => ({ body: { phone: `+1 541555${String(1000 + (phones++ % 9000))}`, application: 'android' } }) },
  inviteUsers: { request: (c) => ({ body: { organization: c.organization.id, role: 'student', emails: [unique('invitee')] } }) },
  acceptInvite: {
    fresh: ['caller'],
    request: async (c) => {
      if (!c.me) return { body: { token: 'not-a-token', email: unique('nobody') } }
      const [issued] = await storeInvitations(server.db, {
        organizationId: world.spare.id,
        role: 'student',
        emails: [c.me.user.email],
        invitedBy: world.platformAdmin.user.id,
        now: new Date(),
        ttlSeconds: 3600,
      })
      return { body: { token: issued!.token, email: c.me.user.email } }
    },
  },
  validateInvitation: { request: () => ({ params: { token: 'not-a-token' } }) },
  listOrganizationInvitations: { request: (c) => ({ params: orgId(c), query: 'roles=student' }) },
  revokeInvitation: { request: async (c) => ({ params: { id: await newInvitation(c.organization) } }) },
  resendInvitation: { request: async (c) => ({ params: { id: await newInvitation(c.organization) } }) },
  resendInvitations: {
    request: async (c) => ({ params: { orgId: c.organization.id }, body: { invitation_ids: [await newInvitation(c.organization)] } }),
  },
  // join by code
  getJoinCode: { request: (c) => ({ params: orgId(c) }) },
  updateJoinCode: { request: (c) => ({ params: orgId(c), body: { enabled: true } }) },
  resetJoinCode: { request: (c) => ({ params: orgId(c) }) },
  joinByCode: { fresh: ['caller'], request: () => ({ body: { invitation_code: world.spare.invitationCode, role: 'student' } }) },
  listJoinRequests: { request: (c) => ({ params: orgId(c) }) },
  approveJoinRequest: { request: async (c) => ({ params: { ...orgId(c), requestId: await newJoinRequest(c.organization) } }) },
  refuseJoinRequest: { request: async (c) => ({ params: { ...orgId(c), requestId: await newJoinRequest(c.organization) } }) },
  createInvitationBatch: {
    request: (c) => ({ body: { file_size: 40, content_type: 'text/csv', organization: c.organization.id, file_name: 'list.csv', role: 'student' } }),
  },
  getInvitationBatch: { request: async (c) => ({ params: { uploadId: await uploadedBatch(c.organization) } }) },
  replaceInvitationBatch: { request: async (c) => ({ params: { uploadId: await uploadedBatch(c.organization) }, body: { emails: [unique('fixed')] } }) },
  updateInvitationBatch: { request: async (c) => ({ params: { uploadId: await uploadedBatch(c.organization) }, body: { role: 'teacher' } }) },
  sendInvitationBatch: { request: async (c) => ({ params: { uploadId: await uploadedBatch(c.organization) }, body: { consent: true } }) },
  sendInvitationBatchUsers: {
    request: async (c) => ({ params: { uploadId: await uploadedBatch(c.organization, 'user_ids', String((await newUser()).id)) }, body: { auto_join: 0 } }),
  },
  getInvitationBatchTemplate: { request: () => ({ query: 'kind=user_ids&format=xlsx' }) },
  receiveUpload: {
    request: async () => {
      // the address takes the size declared when the upload started, exactly
      const payload = Buffer.from(`email\n${unique('upload')}\n`)
      const created = await server.api('POST', '/v1/invitations/batch/', {
        token: world.platformAdmin.token,
        body: { file_size: payload.length, content_type: 'text/csv', organization: world.own.organization.id, file_name: 'list.csv' },
      })
      const address = new URL(created.body.presigned_url as string, PUBLIC_URL)
      return { query: address.search.slice(1), raw: { payload, contentType: 'text/csv' } }
    },
  },
  listOrganizations: { request: () => ({ query: 'search=Organization' }) },
  verifyOrganizations: { request: () => ({ body: { ids: [world.own.organization.id], is_verified: false } }) },
  listOrganizationTypes: { request: () => ({}) },
  listCountries: { request: () => ({}) },
  createOrganization: {
    request: (c) => ({
      body: {
        name: 'Made Here',
        type: 'school',
        industry: 'education',
        address_1: '1 Main St',
        address_2: null,
        city: PROFILES[c.country].city,
        state: PROFILES[c.country].state,
        postal_code: PROFILES[c.country].postalCode,
        country: c.country,
        phone: PROFILES[c.country].phone,
        timezone: PROFILES[c.country].timezone,
        owner_user: unique('owner'),
      },
    }),
  },
  createOwnOrganization: {
    request: () => ({
      body: {
        name: 'Made Of My Own',
        username: `own-${++sequence}`,
        type: 'company',
        industry: 'consulting_services',
        address_1: '1 Main St',
        city: PROFILES.US.city,
        state: PROFILES.US.state,
        postal_code: PROFILES.US.postalCode,
        country: 'US',
        phone: PROFILES.US.phone,
        timezone: PROFILES.US.timezone,
      },
    }),
  },
  stageOrganizationImport: {
    request: (c) => ({ query: 'file_name=organizations.csv', raw: { payload: importFile(c), contentType: 'text/csv' } }),
  },
  getOrganizationImport: { request: async (c) => ({ params: { importId: await stagedImport(c) } }) },
  confirmOrganizationImport: { request: async (c) => ({ params: { importId: await stagedImport(c) } }) },
  getOrganizationImportTemplate: { request: () => ({ query: 'format=xlsx' }) },
  getOrganization: { request: (c) => ({ params: orgId(c) }) },
  updateOrganization: { request: (c) => ({ params: orgId(c), body: organizationForm(c.organization) }) },
  deleteOrganization: { fresh: ['organization'], request: (c) => ({ params: orgId(c), body: { password: PASSWORD } }) },
  setOrganizationStatus: { request: (c) => ({ params: orgId(c), body: { status: 'active', password: PASSWORD } }) },
  restoreOrganization: { fresh: ['deletedOrganization'], request: (c) => ({ params: orgId(c) }) },
  uploadOrganizationLogo: { request: (c) => ({ params: orgId(c), raw: { payload: LOGO, contentType: 'image/png' } }) },
  removeOrganizationLogo: { request: (c) => ({ params: orgId(c) }) },
  getOrganizationLogo: { request: async (c) => ({ params: { ...orgId(c), version: await logoVersion(c.organization) } }) },
  listOrganizationUsers: { request: (c) => ({ params: orgId(c), query: 'roles=student' }) },
  getOrganizationUser: { request: (c) => ({ params: memberIds(c) }) },
  setOrganizationUserRoles: { request: (c) => ({ params: memberIds(c), body: { roles: ['student'] } }) },
  updateOrganizationUser: { request: (c) => ({ params: memberIds(c), body: { first_name: c.member.firstName } }) },
  removeOrganizationUser: { fresh: ['member'], request: (c) => ({ params: memberIds(c) }) },
  disableOrganizationUser: { fresh: ['member'], request: (c) => ({ params: memberIds(c) }) },
  enableOrganizationUser: { request: (c) => ({ params: memberIds(c) }) },
  listOrganizationStudents: { request: (c) => ({ params: orgId(c), query: 'search=a' }) },
  getOrganizationStudent: { request: (c) => ({ params: memberIds(c) }) },
  listGroups: { request: (c) => ({ params: { orgId: c.organization.id }, query: 'status=active&search=Class' }) },
  // a draft with all the wizard's fields (a draft invites nobody, so no cell mails anyone)
  createGroup: {
    request: (c) => ({
      params: { orgId: c.organization.id },
      body: { ...classDetails, is_draft: true, goals: { practice_days_per_week: 3 }, students: ['table-student@example.com'], consent: false, step: 'students' },
    }),
  },
  getGroup: { request: async (c) => ({ params: await groupIds(c) }) },
  updateGroup: { request: async (c) => ({ params: await groupIds(c), body: classDetails }) },
  deleteGroup: { request: async (c) => ({ params: await groupIds(c) }) },
  getAssignment: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) } }) },
  setAssignment: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) }, body: { practice_days_per_week: 3 } }) },
  // class details (issue 9): each on a fresh class of the scope's organization, owned by its teacher
  addGroupStudents: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) }, body: { emails: [unique('pupil')] } }) },
  removeGroupStudent: { request: async (c) => ({ params: await groupWithStudent(c.organization) }) },
  listGroupStudents: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) }, query: 'search=a&ordering=-time_spent' }) },
  listAllGroupStudents: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) } }) },
  listStudentGroups: { request: async (c) => ({ params: { orgId: c.organization.id, studentId: (await groupWithStudent(c.organization)).studentId } }) },
  listGroupInvitations: { request: async (c) => ({ params: { id: await newGroup(c.organization) } }) },
  assignGroupTeacher: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) }, body: { email: unique('teacher') } }) },
  removeGroupTeacher: { request: async (c) => ({ params: { groupId: await newGroup(c.organization) } }) },
  // class import (issue 9): an xlsx uploaded per case, previewed or confirmed
  createClassImport: {
    request: (c) => ({ params: { orgId: c.organization.id }, body: { file_size: 9000, content_type: XLSX_TYPE, file_name: 'classes.xlsx' } }),
  },
  previewClassImport: { request: async (c) => ({ params: { orgId: c.organization.id }, body: { file_key: await uploadedClassImport(c.organization) } }) },
  confirmClassImport: { request: async (c) => ({ params: { orgId: c.organization.id }, body: { callback_id: await uploadedClassImport(c.organization) } }) },
  getClassImportTemplate: { request: (c) => ({ params: { orgId: c.organization.id } }) },
  // user import into classes (issue 9): a csv uploaded per case, previewed or confirmed
  createClassUserImport: {
    request: (c) => ({ params: { orgId: c.organization.id }, body: { file_size: 900, content_type: 'text/csv', file_name: 'users.csv' } }),
  },
  previewClassUserImport: { request: async (c) => ({ params: { orgId: c.organization.id }, body: { file_key: await uploadedClassUserImport(c.organization) } }) },
  confirmClassUserImport: { request: async (c) => ({ params: { orgId: c.organization.id }, body: { callback_id: await uploadedClassUserImport(c.organization) } }) },
  getClassUserImportTemplate: { request: (c) => ({ params: { orgId: c.organization.id }, query: 'format=csv' }) },
  // reports
  getClassReport: { request: async (c) => ({ params: { id: await newGroup(c.organization) }, query: REPORT_RANGE }) },
  getClassSummary: { request: async (c) => ({ params: { id: await newGroup(c.organization) }, query: REPORT_RANGE }) },
  getOrganizationReport: { request: (c) => ({ params: orgId(c), query: REPORT_RANGE }) },
  getLearnerReport: { request: async (c) => ({ params: { id: await learnerFor(c) }, query: `organization=${c.organization.id}&${REPORT_RANGE}` }) },
  getTeacherReport: { request: async (c) => ({ params: { id: await teacherFor(c) }, query: `organization=${c.organization.id}&${REPORT_RANGE}` }) },
  exportGroupReport: { request: async (c) => ({ params: { id: await newGroup(c.organization) }, query: 'kind=activity&format=csv&from=2026-03-01&to=2026-03-31' }) },
  getDashboard: { request: (c) => ({ params: orgId(c) }) },
  // practice data: the caller's own events (the body names no user), a new event each time
  recordPracticeEvents: {
    request: () => ({
      body: {
        events: [
          {
            client_event_id: `authz-${++sequence}`,
            kind: 'assessment',
            occurred_at: new Date().toISOString(),
            eps: 50,
            overall_score: 60,
            pronunciation: 55,
            intonation: 65,
            fluency: 58,
            skills: [],
          },
        ],
      },
    }),
  },
  listSocialProviders: { request: () => ({}) },
  socialStart: { request: () => ({}) },
  socialCallback: { request: () => ({ query: 'error=access_denied' }) },
  health: { request: () => ({}) },
}

// ---- the cases ----

const PLACE_OF: Record<Exclude<Scope, 'n/a' | 'ownAccount'>, () => Place> = {
  ownOrganization: () => world.own,
  otherOrganization: () => world.other,
  otherCountry: () => world.otherCountry,
}

/** A new organization standing for `place`: in its country, with the same people in the same roles. */
const standIn = async (place: Place, deleted: boolean): Promise<OrganizationRow> => {
  const organization = await newOrganization(place.organization.country as Country, deleted)
  const people = await server.db.select().from(memberships).where(eq(memberships.organizationId, place.organization.id))
  for (const { userId, role } of people) await addMembership(server.db, userId, organization.id, role)
  return organization
}

const send = async (operation: Operation, request: Request, me: Person | undefined): Promise<Reply> => {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params?.[name]
    if (value === undefined) throw new Error(`${operation.operationId}: the fixture gives no path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
  return server.api(operation.method, request.query ? `${path}?${request.query}` : path, {
    ...(me ? { token: me.token } : {}),
    ...(request.raw ? { raw: request.raw } : request.body !== undefined ? { body: request.body } : {}),
  })
}

const CONTRACT = loadContract()
let cases = 0
let mismatched = 0

beforeAll(async () => {
  server = await startServer()
  passwordHash = await hashPassword(PASSWORD)
  const own = await newPlace('US')
  const other = await newPlace('US')
  const otherCountry = await newPlace('JP')
  world = {
    own,
    other,
    otherCountry,
    countryAdmin: await sessionOf(await newUser({ isSuperuser: true, countryAdminLevel: 'US', firstName: 'Country' })),
    platformAdmin: await sessionOf(await newUser({ isSuperuser: true, firstName: 'Root' })),
    loner: await sessionOf(await newUser({ firstName: 'Loner' })),
    spare: await newOrganization('US'),
  }
}, 60_000)

afterAll(async () => {
  await server.close()
  const verdict = mismatched ? `${mismatched} not as the table says` : 'all as the table says'
  console.log(`authorization table: ${CONTRACT.length} operations × ${CALLERS.length} callers × scopes = ${cases} cases, ${verdict}`)
})

describe('the authorization table', () => {
  it('has a row for every operation of the contract, and no other', () => {
    expect(Object.keys(AUTHORIZATION).sort()).toEqual(CONTRACT.map((operation) => operation.operationId).sort())
  })

  it('has a request fixture for every operation of the contract', () => {
    const missing = CONTRACT.map((operation) => operation.operationId).filter((id) => !FIXTURES[id])
    expect(missing, 'operations without a fixture in authorization-table.test.ts').toEqual([])
  })

  it("agrees with the contract's security: 401 without a session exactly on the secured calls", () => {
    for (const operation of CONTRACT) {
      const row = AUTHORIZATION[operation.operationId as keyof typeof AUTHORIZATION]
      for (const answer of Object.values(row.answers.anonymous)) {
        expect(answer, operation.operationId).toBe(operation.secured ? 401 : 'allowed')
      }
    }
  })
})

describe.each(CONTRACT.map((operation) => [operation.operationId, operation] as const))('%s', (operationId, operation) => {
  it('answers every caller on every scope as the table says', async () => {
    const row = AUTHORIZATION[operationId as keyof typeof AUTHORIZATION]
    const fixture = FIXTURES[operationId]
    if (!row || !fixture) throw new Error(`${operationId} has no row in the table or no fixture`)
    const fresh = new Set(fixture.fresh)
    const refusesWith404 = Object.values(row.answers).some((cells) => Object.values(cells).includes(404))
    const mismatches: string[] = []

    for (const identity of IDENTITIES) {
      const cells = row.answers[identity.caller]
      for (const [scope, expected] of Object.entries(cells) as Array<[Scope, Answer]>) {
        if (identity.scopes && !identity.scopes.includes(scope)) continue
        const me = fresh.has('caller') ? await identity.clone() : identity.person()
        const place = scope === 'n/a' || scope === 'ownAccount' ? world.own : PLACE_OF[scope]()
        const organization =
          fresh.has('organization') || fresh.has('deletedOrganization')
            ? await standIn(place, fresh.has('deletedOrganization'))
            : place.organization
        let member = place.member
        if (fresh.has('member')) {
          member = await newUser({ firstName: 'Fresh' })
          await addMembership(server.db, member.id, organization.id, 'student')
        }
        const account = scope === 'ownAccount' ? (me?.user ?? member) : member
        const request = await fixture.request({ me, organization, member, account, country: place.organization.country as Country })
        const reply = await send(operation, request, me)
        cases++
        const ok =
          expected === 'allowed'
            ? reply.status !== 401 && reply.status !== 403 && !(refusesWith404 && reply.status === 404)
            : reply.status === expected
        if (!ok) mismatches.push(`${identity.label} on ${scope}: the table says ${expected}, the server answered ${reply.status} ${reply.text.slice(0, 200)}`)
      }
    }
    mismatched += mismatches.length
    expect(mismatches).toEqual([])
  })
})

/** Another value for a restricted field than the organization's, per field name. */
const CHANGED_FIELD: Record<string, (organization: OrganizationRow) => unknown> = {
  is_verified: (organization) => !organization.isVerified,
  invitations_per_day: (organization) => (organization.invitationsPerDay ?? 0) + 123,
}
/** The stored value of a restricted field, to check that a refusal changed nothing. */
const STORED_FIELD: Record<string, (organization: OrganizationRow) => unknown> = {
  is_verified: (organization) => organization.isVerified,
  invitations_per_day: (organization) => organization.invitationsPerDay,
}

describe('fields only some callers may change', () => {
  const cells = Object.entries(FIELD_AUTHORIZATION).flatMap(([operationId, fields]) =>
    Object.entries(fields).flatMap(([field, allowed]) =>
      IDENTITIES.filter((identity) => AUTHORIZATION[operationId as keyof typeof AUTHORIZATION].answers[identity.caller].ownOrganization === 'allowed').map(
        (identity) => [operationId, field, identity.label, identity, (allowed as readonly Caller[]).includes(identity.caller)] as const,
      ),
    ),
  )

  it('names fields that the contract has, with a changed value for each', () => {
    for (const [operationId, field] of cells) {
      expect(CHANGED_FIELD[field], `${operationId}.${field}`).toBeDefined()
      expect(STORED_FIELD[field], `${operationId}.${field}`).toBeDefined()
    }
    expect(cells.length).toBeGreaterThan(0)
  })

  it.each(cells)('%s %s as %s', async (operationId, field, _label, identity, allowed) => {
    const organization = await standIn(world.own, false)
    const operation = CONTRACT.find((candidate) => candidate.operationId === operationId)!
    const request = await FIXTURES[operationId]!.request({
      me: identity.person(),
      organization,
      member: world.own.member,
      account: world.own.member,
      country: organization.country as Country,
    })
    const body = { ...(request.body as Record<string, unknown>), [field]: CHANGED_FIELD[field]!(organization) }
    const reply = await send(operation, { ...request, body }, identity.person())
    const [stored] = await server.db.select().from(organizations).where(eq(organizations.id, organization.id))
    if (allowed) {
      expect(reply.status, reply.text).toBe(200)
      expect(STORED_FIELD[field]!(stored!)).toEqual(CHANGED_FIELD[field]!(organization))
    } else {
      expect(reply.status, reply.text).toBe(403)
      expect(STORED_FIELD[field]!(stored!)).toEqual(STORED_FIELD[field]!(organization))
    }
  })
})
