import { describe, expect, it } from 'vitest'
import type { OrganizationMembership, User } from '../../machines/types'
import { currentEntry, isCurrent, navEntries, userMenuLinks } from '../../src/app/nav'

const user = (organizations: OrganizationMembership[], is_superuser = false): User => ({
  id: 1,
  first_name: 'A',
  last_name: 'B',
  email: 'a@b.co',
  unconfirmed_email: null,
  username: null,
  phone_code: null,
  phone_number: null,
  photo_url: null,
  is_superuser,
  country_admin_level: null,
  language: 'en',
  has_password: true,
  date_joined: '2025-01-01T00:00:00Z',
  organizations,
})
const org = (id: number, roles: OrganizationMembership['roles']): OrganizationMembership => ({ id, name: `Org ${id}`, type: 'school', roles })
const keys = (entries: { key: string }[]) => entries.map((e) => e.key)

describe('navEntries (spec §2 Top navigation)', () => {
  it('is empty when logged out', () => {
    expect(navEntries(null, null)).toEqual([])
  })
  it('gives an admin dashboard, classes, teachers and students', () => {
    expect(keys(navEntries(user([org(3, ['admin'])]), 3))).toEqual(['dashboard', 'classes', 'teachers', 'students'])
  })
  it('gives a teacher classes and students but not teachers', () => {
    expect(keys(navEntries(user([org(3, ['teacher'])]), 3))).toEqual(['dashboard', 'classes', 'students'])
  })
  it('gives a student the dashboard, where its classes are (the class list refuses a student)', () => {
    expect(keys(navEntries(user([org(3, ['student'])]), 3))).toEqual(['dashboard'])
  })
  it('gives a user without organization only the dashboard', () => {
    const entries = navEntries(user([]), null)
    expect(keys(entries)).toEqual(['dashboard'])
    expect(entries[0]?.href).toBe('/')
  })
  it('gives a super user organizations, and the dashboard and organization link only with a selected organization', () => {
    expect(keys(navEntries(user([], true), null))).toEqual(['organizations'])
    const entries = navEntries(user([], true), 7, 'Acme')
    expect(keys(entries)).toEqual(['organization', 'dashboard', 'organizations', 'classes', 'teachers', 'students'])
    expect(entries[0]).toEqual({ key: 'organization', href: '/admin/organization/7', label: 'Acme' })
  })
  it('never labels the organization link with a bare id: null until its name is known (the view says "Organization")', () => {
    expect(navEntries(user([], true), 7)[0]).toEqual({ key: 'organization', href: '/admin/organization/7', label: null })
  })
})

describe('userMenuLinks', () => {
  it('lists organizations to switch to, not for a super user', () => {
    const u = user([org(3, ['admin']), org(4, ['student'])])
    expect(userMenuLinks(u, 4).switchable).toEqual([
      { id: 3, name: 'Org 3', current: false },
      { id: 4, name: 'Org 4', current: true },
    ])
    expect(userMenuLinks(user([org(3, ['admin'])], true), 3).switchable).toEqual([])
  })
  it('shows the organization users link to admins only', () => {
    expect(userMenuLinks(user([org(3, ['admin'])]), 3).organizationUsers).toBe('/organization/3/users')
    expect(userMenuLinks(user([org(3, ['teacher'])]), 3).organizationUsers).toBeNull()
    expect(userMenuLinks(user([org(3, ['teacher'])]), 3).organizationProfile).toBe('/organization/3/profile')
  })
})

describe('isCurrent', () => {
  it('matches the page and the pages under it', () => {
    expect(isCurrent('/organization/3/students', '/organization/3/students/5')).toBe(true)
    expect(isCurrent('/', '/profile')).toBe(false)
    expect(isCurrent('/admin', '/admin/')).toBe(true)
  })
})

describe('currentEntry', () => {
  it('marks one entry: the deepest the location is under (the organization, not also Organizations, on its admin page)', () => {
    const entries = navEntries(user([], true), 7, 'Acme')
    expect(currentEntry(entries, '/admin/organization/7')).toBe('organization')
    expect(currentEntry(entries, '/admin')).toBe('organizations')
    expect(currentEntry(entries, '/organization/7/classes/2')).toBe('classes')
    expect(currentEntry(entries, '/profile')).toBeNull()
  })
  it('marks the dashboard on the home page, which shows it', () => {
    expect(currentEntry(navEntries(user([org(3, ['admin'])]), 3), '/')).toBe('dashboard')
    expect(currentEntry(navEntries(user([org(3, ['admin'])]), 3), '/organization/3/dashboard')).toBe('dashboard')
  })
})
