/** People and payloads the model tests use. */
import type { InvitePayload, Organization, OrganizationMembership, ReportCalendar, Session, SocialClaims, User } from '../../machines/types'

/** A user with every field set (no organization), changed by `overrides`. */
export const person = (overrides: Partial<User> & Pick<User, 'id' | 'email'>): User => ({
  first_name: 'Ana',
  last_name: 'Lima',
  unconfirmed_email: null,
  username: null,
  phone_code: null,
  phone_number: null,
  photo_url: null,
  is_superuser: false,
  country_admin_level: null,
  language: 'en',
  has_password: true,
  date_joined: '2025-01-15T10:00:00Z',
  organizations: [],
  ...overrides,
})

export const school: OrganizationMembership = { id: 11, name: 'Colegio Azul', type: 'school', roles: ['teacher'] }
export const company: OrganizationMembership = { id: 22, name: 'Acme Corp', type: 'company', roles: ['admin', 'student'] }

/** A teacher at a school and admin of a company. */
export const teacher = person({ id: 1, email: 'ana@example.com', organizations: [school, company] })
/** The same teacher after withdrawing from the school. */
export const teacherWithdrawn: User = { ...teacher, organizations: [company] }
/** A platform admin. */
export const superuser = person({ id: 2, email: 'root@example.com', first_name: 'Root', is_superuser: true })
/** A new account with no organization (onboarding due). */
export const newcomer = person({ id: 3, email: 'new@example.com', first_name: 'Nia' })

export const sessionOf = (user: User, token = `token-${user.id}`): Session => ({
  token,
  user_id: user.id,
  expires_at: '2030-01-01T00:00:00Z',
})

/** An invitation to the school for ana@example.com (written in another case: e-mails compare case-insensitively). */
export const inviteForTeacher: InvitePayload = {
  token: 'inv-1',
  organization_name: 'Colegio Azul',
  email: 'Ana@Example.com',
  new_user: false,
}

/** An invitation for somebody else. */
export const inviteForOther: InvitePayload = {
  token: 'inv-2',
  organization_name: 'Colegio Azul',
  email: 'other@example.com',
  new_user: false,
}

/** An invitation for a person without an account. */
export const inviteForNewcomer: InvitePayload = {
  token: 'inv-3',
  organization_name: 'Escola Sol',
  email: 'new@example.com',
  new_user: true,
}

export const claims: SocialClaims = { first_name: 'Nia', last_name: 'Sato', email: 'new@example.com' }

/** base64url of a JSON text (UTF-8), as the invite links carry it. */
export const base64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** Plain base64 with padding. */
export const base64 = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64')

/** An organization as GET /v1/organizations/{id}/ answers it. */
export const organization: Organization = {
  id: 22,
  name: 'Acme Corp',
  username: 'acme',
  type: 'company',
  industry: 'consulting_services',
  address_1: '1 Main St',
  address_2: null,
  city: 'Springfield',
  state: 'OR',
  postal_code: '97477',
  country: 'US',
  phone: '+1 5415550100',
  timezone: 'America/Los_Angeles',
  is_verified: true,
  status: 'active',
  invitation_code: 'ABC234',
  logo_url: null,
  created_at: '2025-01-15T10:00:00Z',
  deleted_at: null,
  purge_at: null,
}

/**
 * A file of exactly `bytes` bytes. A File serializes to {}: the path graph tells events apart by
 * their JSON, so each file carries its name as `label`.
 */
export const fileOfSize = (bytes: number, name: string, type: string): File =>
  Object.assign(new File([new Uint8Array(bytes)], name, { type }), { label: name })

/** Today is Monday 2026-11-23: the calendar src/features/reports/range.ts computes for it (tomorrow, 2026-11-24, the last date the picker offers). */
export const reportCalendar: ReportCalendar = {
  maxDate: '2026-11-24',
  shortcuts: {
    thisMonth: { from: '2026-11-01', to: '2026-11-23' },
    lastWeek: { from: '2026-11-14', to: '2026-11-20' },
    lastMonth: { from: '2026-10-01', to: '2026-10-31' },
    last3Months: { from: '2026-08-24', to: '2026-11-23' },
    last6Months: { from: '2026-05-24', to: '2026-11-23' },
    lastYear: { from: '2025-11-24', to: '2026-11-23' },
  },
}
