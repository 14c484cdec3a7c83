import { describe, expect, it } from 'vitest'
import { paths, resolveRoute } from '../../src/app/paths'

describe('resolveRoute', () => {
  it.each([
    ['/', 'Dashboard', {}],
    ['/login', 'Login', {}],
    ['/login/', 'Login', {}],
    ['/signup', 'Signup', {}],
    ['/confirm-account', 'ConfirmAccount', {}],
    ['/reset-password', 'ResetPassword', {}],
    ['/undo-email-change', 'UndoEmailChange', {}],
    ['/profile', 'Profile', {}],
    ['/admin', 'AdminOrganizations', {}],
    ['/admin/', 'AdminOrganizations', {}],
    ['/admin/organization/12', 'AdminOrganization', { organizationId: '12' }],
    ['/onboarding', 'Onboarding', {}],
    ['/join', 'Join', {}],
    ['/join/K7PQ2M', 'Join', { code: 'K7PQ2M' }],
    ['/organization/3/dashboard', 'OrganizationDashboard', { organizationId: '3' }],
    ['/organization/3/', 'Organization', { organizationId: '3' }],
    ['/organization/3', 'Organization', { organizationId: '3' }],
    ['/organization/3/users', 'Organization', { organizationId: '3', tab: 'users' }],
    ['/organization/3/users/9', 'OrganizationUserProfile', { organizationId: '3', userId: '9' }],
    ['/organization/3/students', 'Students', { organizationId: '3' }],
    ['/organization/3/students/new', 'StudentsInvite', { organizationId: '3' }],
    ['/organization/3/students/import', 'StudentsImport', { organizationId: '3' }],
    ['/organization/3/elsa-users/import', 'ElsaUsersImport', { organizationId: '3' }],
    ['/organization/3/students/44', 'student-details', { organizationId: '3', studentId: '44' }],
    ['/organization/3/teachers', 'Teachers', { organizationId: '3' }],
    ['/organization/3/teachers/new', 'TeachersInvite', { organizationId: '3' }],
    ['/organization/3/teachers/5', 'teacher-details', { organizationId: '3', teacherId: '5' }],
  ])('%s is %s', (path, name, params) => {
    const route = resolveRoute(path)
    expect(route.name).toBe(name)
    expect(route.params).toEqual(params)
  })

  it('ignores the query and the hash', () => {
    expect(resolveRoute('/login?invite=abc#x').name).toBe('Login')
  })

  it('sends unknown paths to NotFound', () => {
    expect(resolveRoute('/nope').name).toBe('NotFound')
    expect(resolveRoute('/organization/3/students/4/extra').name).toBe('NotFound')
  })

  it('marks which routes need a session', () => {
    expect(resolveRoute('/login').access).toBe('public')
    expect(resolveRoute('/reset-password').access).toBe('open')
    expect(resolveRoute('/profile').access).toBe('private')
  })
})

describe('resolveRoute matches as wouter does', () => {
  it('reads optional parameters and an optional trailing slash, in any case', () => {
    expect(resolveRoute('/organization/3/')).toEqual({ name: 'Organization', access: 'private', params: { organizationId: '3' } })
    expect(resolveRoute('/ORGANIZATION/3/users')).toEqual({ name: 'Organization', access: 'private', params: { organizationId: '3', tab: 'users' } })
    expect(resolveRoute('/organization/3/students/4/').params).toEqual({ organizationId: '3', studentId: '4' })
    expect(resolveRoute('/organization/3/students/4/x').name).toBe('NotFound')
  })
})

describe('paths', () => {
  it('builds the spec paths, encoding values', () => {
    expect(paths.organization(3)).toBe('/organization/3/')
    expect(paths.organization(3, 'users')).toBe('/organization/3/users')
    expect(paths.student(3, 4)).toBe('/organization/3/students/4')
    expect(paths.login({ invite: 'a+b' })).toBe('/login?invite=a%2Bb')
    expect(resolveRoute(paths.teachersInvite(7)).name).toBe('TeachersInvite')
  })
})
