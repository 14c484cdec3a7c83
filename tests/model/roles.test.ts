import { describe, expect, it } from 'vitest'
import {
  canSeeClasses,
  canSeeDashboard,
  canSeeStudents,
  canSeeTeachers,
  defaultOrganizationId,
  homePathOf,
  isOrgAdmin,
  isStudent,
  isSuperuser,
  isTeacher,
  needsOnboarding,
} from '../../machines/roles'
import type { User } from '../../machines/types'
import { newcomer, superuser, teacher } from './fixtures'

// teacher: teacher at school 11, admin and student at company 22
const student: User = {
  ...newcomer,
  id: 4,
  organizations: [{ id: 11, name: 'Colegio Azul', type: 'school', roles: ['student'] }],
}
const studentAndTeacher: User = {
  ...newcomer,
  id: 5,
  organizations: [{ id: 11, name: 'Colegio Azul', type: 'school', roles: ['student', 'teacher'] }],
}

describe('role predicates (spec §6)', () => {
  it('tells the platform admin apart', () => {
    expect(isSuperuser(superuser)).toBe(true)
    expect(isSuperuser(teacher)).toBe(false)
    expect(isSuperuser(null)).toBe(false)
    // only a true flag makes one: a missing or other value does not
    expect(isSuperuser({ ...teacher, is_superuser: 'yes' as unknown as boolean })).toBe(false)
  })

  it('an organization admin is an admin of that organization or a platform admin', () => {
    expect(isOrgAdmin(teacher, 22)).toBe(true)
    expect(isOrgAdmin(teacher, 11)).toBe(false)
    expect(isOrgAdmin(superuser, 11)).toBe(true)
    expect(isOrgAdmin(student, 11)).toBe(false)
    // nobody signed in is admin of nothing, whichever organization is asked about
    expect(isOrgAdmin(null, 11)).toBe(false)
    expect(isOrgAdmin(undefined, 22)).toBe(false)
  })

  it('a teacher has the teacher role and is not admin; a student is neither teacher nor admin', () => {
    expect(isTeacher(teacher, 11)).toBe(true)
    expect(isTeacher(teacher, 22)).toBe(false)
    expect(isStudent(student, 11)).toBe(true)
    // admin and student at the company: an admin, not a student
    expect(isStudent(teacher, 22)).toBe(false)
    expect(isStudent(teacher, 11)).toBe(false)
    // no role at all in the organization: neither a teacher nor a student
    expect(isTeacher(student, 11)).toBe(false)
    expect(isTeacher(newcomer, 11)).toBe(false)
    expect(isStudent(newcomer, 11)).toBe(false)
    // student and teacher in one organization: a teacher, not a student
    expect(isStudent(studentAndTeacher, 11)).toBe(false)
    expect(isTeacher(studentAndTeacher, 11)).toBe(true)
  })
})

describe('top navigation (spec §2)', () => {
  it('classes need teacher or admin plus a current organization: a student, whom the class list refuses, has its classes on the dashboard', () => {
    expect(canSeeClasses(student, 11)).toBe(false)
    expect(canSeeClasses(teacher, 11)).toBe(true)
    expect(canSeeClasses(teacher, 22)).toBe(true)
    expect(canSeeClasses(teacher, null)).toBe(false)
    expect(canSeeClasses(superuser, 22)).toBe(true)
    // a platform admin with no organization selected has no class list to open
    expect(canSeeClasses(superuser, null)).toBe(false)
    expect(canSeeClasses(superuser, undefined)).toBe(false)
  })

  it('teachers need organization admin; students need teacher or admin', () => {
    expect(canSeeTeachers(teacher, 22)).toBe(true)
    expect(canSeeTeachers(teacher, 11)).toBe(false)
    expect(canSeeStudents(teacher, 11)).toBe(true)
    expect(canSeeStudents(teacher, 22)).toBe(true)
    expect(canSeeStudents(student, 11)).toBe(false)
    expect(canSeeStudents(superuser, null)).toBe(false)
    expect(canSeeStudents(superuser, 22)).toBe(true)
    // a platform admin needs an organization selected for its teachers
    expect(canSeeTeachers(superuser, null)).toBe(false)
    expect(canSeeTeachers(superuser, 22)).toBe(true)
  })

  it('the dashboard is always there for others, for a platform admin only with an organization selected', () => {
    expect(canSeeDashboard(student, null)).toBe(true)
    expect(canSeeDashboard(superuser, null)).toBe(false)
    expect(canSeeDashboard(superuser, 22)).toBe(true)
    expect(canSeeDashboard(null, 22)).toBe(false)
  })
})

describe('after login (spec §4)', () => {
  it('the first organization is current, none for a platform admin; onboarding only without organizations', () => {
    expect(defaultOrganizationId(teacher)).toBe(11)
    expect(defaultOrganizationId(newcomer)).toBeNull()
    expect(defaultOrganizationId({ ...superuser, organizations: student.organizations })).toBeNull()
    expect(needsOnboarding(newcomer)).toBe(true)
    expect(needsOnboarding(teacher)).toBe(false)
    expect(needsOnboarding(superuser)).toBe(false)
    // nobody signed in: no onboarding, no organization
    expect(needsOnboarding(null)).toBe(false)
    expect(defaultOrganizationId(null)).toBeNull()
    expect(homePathOf(null)).toBe('/')
    expect(homePathOf(superuser)).toBe('/admin')
    expect(homePathOf(teacher)).toBe('/')
  })
})
