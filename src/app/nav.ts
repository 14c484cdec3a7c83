import {
  canSeeClasses,
  canSeeDashboard,
  canSeeStudents,
  canSeeTeachers,
  isOrgAdmin,
  isSuperuser,
  membershipOf,
} from '../../machines/roles'
import type { User } from '../../machines/types'
import { paths } from './paths'

/**
 * The entries of the top navigation (spec §2 Top navigation) for a user and their current
 * organization, by the role predicates of §6. Pure, so it is tested without a browser.
 */
export type NavEntry =
  /** label: the organization's name, null when it is not known yet (never a bare id). */
  | { key: 'organization'; href: string; label: string | null }
  | { key: 'dashboard' | 'organizations' | 'classes' | 'teachers' | 'students'; href: string }

export const navEntries = (user: User | null, organizationId: number | null, organizationName?: string): NavEntry[] => {
  if (!user) return []
  const entries: NavEntry[] = []
  const superuser = isSuperuser(user)
  if (superuser && organizationId !== null)
    entries.push({
      key: 'organization',
      href: paths.adminOrganization(organizationId),
      label: organizationName ?? membershipOf(user, organizationId)?.name ?? null,
    })
  if (canSeeDashboard(user, organizationId))
    entries.push({ key: 'dashboard', href: organizationId !== null ? paths.dashboard(organizationId) : paths.home() })
  if (superuser) entries.push({ key: 'organizations', href: paths.admin() })
  if (organizationId !== null) {
    if (canSeeClasses(user, organizationId)) entries.push({ key: 'classes', href: paths.classes(organizationId) })
    if (canSeeTeachers(user, organizationId)) entries.push({ key: 'teachers', href: paths.teachers(organizationId) })
    if (canSeeStudents(user, organizationId)) entries.push({ key: 'students', href: paths.students(organizationId) })
  }
  return entries
}

export type UserMenuLinks = {
  profile: string
  organizationUsers: string | null
  organizationProfile: string | null
  /** Organizations to switch to: not for a platform admin. */
  switchable: { id: number; name: string; current: boolean }[]
}

/** The links of the user menu: my profile; the current organization's users (admins) and profile; organizations to switch to. */
export const userMenuLinks = (user: User | null, organizationId: number | null): UserMenuLinks => ({
  profile: paths.profile(),
  organizationUsers: user && organizationId !== null && isOrgAdmin(user, organizationId) ? paths.organization(organizationId, 'users') : null,
  organizationProfile: user && organizationId !== null ? paths.organization(organizationId, 'profile') : null,
  switchable:
    user && !isSuperuser(user)
      ? user.organizations.map((org) => ({ id: org.id, name: org.name, current: org.id === organizationId }))
      : [],
})

/** Whether a nav link leads to the location or to a page above it (the location is under it). */
export const isCurrent = (href: string, location: string): boolean => {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p)
  const a = clean(href)
  const b = clean(location)
  if (a === '/') return b === '/'
  return b === a || b.startsWith(`${a}/`)
}

/**
 * The one entry that is the current page: of the entries the location is at or under, the deepest
 * (a platform admin on /admin/organization/3 is on that organization's entry, not also on /admin's);
 * on the home page, which shows the dashboard, the dashboard entry. Null when none is.
 */
export const currentEntry = (entries: readonly NavEntry[], location: string): NavEntry['key'] | null => {
  let best: NavEntry | null = null
  for (const entry of entries)
    if (isCurrent(entry.href, location) && (!best || entry.href.length > best.href.length)) best = entry
  if (best) return best.key
  return isCurrent('/', location) && entries.some((entry) => entry.key === 'dashboard') ? 'dashboard' : null
}
