import { useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { useOrganizationTerms } from '../shared/current'
import { AreaPlaceholder } from '../shared/page'
import { StudentsList } from './students/StudentsList'
import { TeachersList } from './teachers/TeachersList'

type OrganizationParams = { organizationId?: string }

/** /organization/:organizationId/users/:userId (OrganizationUserProfile). */
export { MemberProfilePage as OrganizationUserProfilePage } from './MemberProfilePage'

export type StudentsMode = 'list' | 'email-invite' | 'import-users' | 'import-user-ids'

/** /organization/:id/students, /students/new, /students/import and /elsa-users/import: one screen, four modes. */
export function StudentsPage({ mode }: { mode: StudentsMode }) {
  if (mode === 'list' || mode === 'email-invite') return <StudentsList inviting={mode === 'email-invite'} />
  return <StudentsImportPlaceholder mode={mode} />
}

/** The import modes (another piece of issue 7). */
function StudentsImportPlaceholder({ mode }: { mode: 'import-users' | 'import-user-ids' }) {
  const { LL } = useI18nContext()
  const terms = useOrganizationTerms(useParams<OrganizationParams>().organizationId)
  const what = mode === 'import-users' ? LL.nav.titles.importStudents() : LL.nav.titles.importExistingUsers()
  return <AreaPlaceholder area={`${terms.students()} · ${what}`} />
}

/** /organization/:organizationId/students/:studentId (student-details). */
export { StudentDetails as StudentDetailsPage } from './students/StudentDetails'

/** /organization/:id/teachers and /teachers/new (the e-mail invite panel open). */
export function TeachersPage({ mode }: { mode: 'list' | 'email-invite' }) {
  return <TeachersList inviting={mode === 'email-invite'} />
}

/** /organization/:organizationId/teachers/:teacherId (teacher-details). */
export { TeacherDetails as TeacherDetailsPage } from './teachers/TeacherDetails'
