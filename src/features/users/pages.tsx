import { useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { useOrganizationTerms } from '../shared/current'
import { AreaPlaceholder, PageHeader } from '../shared/page'
import { InvitationImportPanel } from './import/InvitationImportPanel'

type OrganizationParams = { organizationId?: string }

/** /organization/:organizationId/users/:userId (OrganizationUserProfile). */
export { MemberProfilePage as OrganizationUserProfilePage } from './MemberProfilePage'

export type StudentsMode = 'list' | 'email-invite' | 'import-users' | 'import-user-ids'

/** /organization/:id/students, /students/new, /students/import and /elsa-users/import: one screen, four modes. */
export function StudentsPage({ mode }: { mode: StudentsMode }) {
  const { LL } = useI18nContext()
  const { organizationId } = useParams<OrganizationParams>()
  const terms = useOrganizationTerms(organizationId)
  if (mode === 'import-users' || mode === 'import-user-ids') {
    const kind = mode === 'import-users' ? 'emails' : 'user_ids'
    return (
      <section>
        <PageHeader title={`${terms.students()} · ${kind === 'emails' ? LL.nav.titles.importStudents() : LL.nav.titles.importExistingUsers()}`} />
        <InvitationImportPanel key={kind} organizationId={Number(organizationId)} kind={kind} terms={terms} />
      </section>
    )
  }
  const area = mode === 'email-invite' ? `${terms.students()} · ${LL.nav.titles.inviteStudents()}` : terms.students()
  return <AreaPlaceholder area={area} />
}

/** /organization/:organizationId/students/:studentId (student-details). */
export function StudentDetailsPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.studentDetails()} />
}

/** /organization/:id/teachers and /teachers/new (the e-mail invite panel open). */
export function TeachersPage({ mode }: { mode: 'list' | 'email-invite' }) {
  const { LL } = useI18nContext()
  const terms = useOrganizationTerms(useParams<OrganizationParams>().organizationId)
  return <AreaPlaceholder area={mode === 'email-invite' ? `${terms.teachers()} · ${LL.nav.titles.inviteTeachers()}` : terms.teachers()} />
}

/** /organization/:organizationId/teachers/:teacherId (teacher-details). */
export function TeacherDetailsPage() {
  const { LL } = useI18nContext()
  return <AreaPlaceholder area={LL.nav.titles.teacherDetails()} />
}
