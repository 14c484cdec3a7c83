import { parse } from 'regexparam'
/**
 * The route table of the spec (§2 Routes): each route's name and its wouter path pattern, and the
 * helpers that build links. Pure: the guard matches names here, routes.tsx gives each a screen.
 * Order matters: the first matching pattern wins (dashboard before the organization page's tab).
 */
export const ROUTES = [
  { name: 'Login', path: '/login', access: 'public' },
  { name: 'Signup', path: '/signup', access: 'public' },
  { name: 'ConfirmAccount', path: '/confirm-account', access: 'open' },
  { name: 'ResetPassword', path: '/reset-password', access: 'open' },
  { name: 'UndoEmailChange', path: '/undo-email-change', access: 'open' },
  { name: 'Invite', path: '/invite/:token', access: 'open' },
  { name: 'Terms', path: '/terms', access: 'open' },
  { name: 'Privacy', path: '/privacy', access: 'open' },
  { name: 'DevUi', path: '/dev/ui', access: 'open' },
  // the flow gallery (issue 20): platform admins, and anybody logged in in a development build
  { name: 'Flows', path: '/flows', access: 'private' },
  { name: 'Dashboard', path: '/', access: 'private' },
  { name: 'Profile', path: '/profile', access: 'private' },
  { name: 'AdminOrganizations', path: '/admin', access: 'private' },
  { name: 'AdminOrganization', path: '/admin/organization/:organizationId', access: 'private' },
  { name: 'Onboarding', path: '/onboarding', access: 'private' },
  // join by code: the code entry, and the join link (and its QR code) with the code in it
  { name: 'Join', path: '/join/:code?', access: 'private' },
  { name: 'OrganizationDashboard', path: '/organization/:organizationId/dashboard', access: 'private' },
  { name: 'OrganizationUserProfile', path: '/organization/:organizationId/users/:userId', access: 'private' },
  { name: 'Students', path: '/organization/:organizationId/students', access: 'private' },
  { name: 'StudentsInvite', path: '/organization/:organizationId/students/new', access: 'private' },
  { name: 'StudentsImport', path: '/organization/:organizationId/students/import', access: 'private' },
  { name: 'ElsaUsersImport', path: '/organization/:organizationId/elsa-users/import', access: 'private' },
  { name: 'student-details', path: '/organization/:organizationId/students/:studentId', access: 'private' },
  { name: 'Teachers', path: '/organization/:organizationId/teachers', access: 'private' },
  { name: 'TeachersInvite', path: '/organization/:organizationId/teachers/new', access: 'private' },
  { name: 'teacher-details', path: '/organization/:organizationId/teachers/:teacherId', access: 'private' },
  // classes: /new before any /classes/:classId pattern
  { name: 'ClassesNew', path: '/organization/:organizationId/classes/new', access: 'private' },
  // class import (issue 9), and the import of users into classes it leads to
  { name: 'ClassesImport', path: '/organization/:organizationId/classes/import', access: 'private' },
  { name: 'ClassesImportUsers', path: '/organization/:organizationId/classes/import-users', access: 'private' },
  { name: 'Classes', path: '/organization/:organizationId/classes', access: 'private' },
  // a class's page and its invite form; after /classes/new and /classes/import, which are no class ids
  { name: 'class-details', path: '/organization/:organizationId/classes/:classId', access: 'private' },
  { name: 'class-invite', path: '/organization/:organizationId/classes/:classId/invite', access: 'private' },
  { name: 'Organization', path: '/organization/:organizationId/:tab?', access: 'private' },
] as const

export type RouteName = (typeof ROUTES)[number]['name'] | 'NotFound'
/**
 * public: only for people who are logged out (a restored session is sent on);
 * open: for everybody; private: needs a session.
 */
export type RouteAccess = (typeof ROUTES)[number]['access']

export type ResolvedRoute = {
  readonly name: RouteName
  readonly access: RouteAccess
  readonly params: Readonly<Record<string, string>>
}

// each pattern read by wouter's own reader (regexparam): the guard matches an address as the router does
const compiled = ROUTES.map((route) => ({ ...route, ...parse(route.path) }))

/** A route's id parameter (`:organizationId`, `:classId`...) as a number, or null when absent or not an id. */
export const idParam = (param: string | undefined): number | null =>
  param !== undefined && /^\d{1,15}$/.test(param) && Number(param) > 0 ? Number(param) : null

/** The route a path leads to (the path without its query), or NotFound (which needs a session). */
export const resolveRoute = (pathname: string): ResolvedRoute => {
  const path = pathname.split(/[?#]/)[0] || '/'
  for (const route of compiled) {
    const match = route.pattern.exec(path)
    if (!match) continue
    const params: Record<string, string> = {}
    route.keys.forEach((key, index) => {
      const value = match[index + 1]
      if (value !== undefined) params[key] = decodeURIComponent(value)
    })
    return { name: route.name, access: route.access, params }
  }
  return { name: 'NotFound', access: 'open', params: {} }
}

const id = (value: number | string): string => encodeURIComponent(String(value))

/** The query of the login and sign-up pages: an invitation, the page to come back to afterwards. */
type AuthQuery = { invite?: string | null; next?: string | null; email?: string }

const withQuery = (path: string, query: AuthQuery = {}): string => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value)
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/** Link builders, so no screen writes a path by hand. */
export const paths = {
  login: (query?: AuthQuery) => withQuery('/login', query),
  signup: (query?: AuthQuery) => withQuery('/signup', query),
  terms: () => '/terms',
  privacy: () => '/privacy',
  home: () => '/',
  profile: () => '/profile',
  admin: () => '/admin',
  adminOrganization: (organizationId: number | string) => `/admin/organization/${id(organizationId)}`,
  onboarding: () => '/onboarding',
  dashboard: (organizationId: number | string) => `/organization/${id(organizationId)}/dashboard`,
  organization: (organizationId: number | string, tab?: string) =>
    `/organization/${id(organizationId)}/${tab ? id(tab) : ''}`,
  organizationUser: (organizationId: number | string, userId: number | string) =>
    `/organization/${id(organizationId)}/users/${id(userId)}`,
  students: (organizationId: number | string) => `/organization/${id(organizationId)}/students`,
  studentsInvite: (organizationId: number | string) => `/organization/${id(organizationId)}/students/new`,
  studentsImport: (organizationId: number | string) => `/organization/${id(organizationId)}/students/import`,
  elsaUsersImport: (organizationId: number | string) => `/organization/${id(organizationId)}/elsa-users/import`,
  student: (organizationId: number | string, studentId: number | string) =>
    `/organization/${id(organizationId)}/students/${id(studentId)}`,
  teachers: (organizationId: number | string) => `/organization/${id(organizationId)}/teachers`,
  teachersInvite: (organizationId: number | string) => `/organization/${id(organizationId)}/teachers/new`,
  teacher: (organizationId: number | string, teacherId: number | string) =>
    `/organization/${id(organizationId)}/teachers/${id(teacherId)}`,
  classes: (organizationId: number | string) => `/organization/${id(organizationId)}/classes`,
  classDetails: (organizationId: number | string, classId: number | string) =>
    `/organization/${id(organizationId)}/classes/${id(classId)}`,
  /** The creation wizard; with a draft's id, that draft reopened at its step. */
  classesNew: (organizationId: number | string, draftId?: number) =>
    `/organization/${id(organizationId)}/classes/new${draftId === undefined ? '' : `?draft=${id(draftId)}`}`,
  classInvite: (organizationId: number | string, classId: number | string) =>
    `/organization/${id(organizationId)}/classes/${id(classId)}/invite`,
  classesImport: (organizationId: number | string) => `/organization/${id(organizationId)}/classes/import`,
  /** The import of users into classes ("import users now" after a class import). */
  classesImportUsers: (organizationId: number | string) => `/organization/${id(organizationId)}/classes/import-users`,
} as const
