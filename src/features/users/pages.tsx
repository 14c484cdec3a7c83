import { useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { useOrganizationTerms } from '../shared/current'
import { PageHeader } from '../shared/page'
import { InvitationImportPanel } from './import/InvitationImportPanel'
import { StudentsList } from './students/StudentsList'
import { TeachersList } from './teachers/TeachersList'

type OrganizationParams = { organizationId?: string }

/** /organization/:organizationId/users/:userId (OrganizationUserProfile). */
export { MemberProfilePage as OrganizationUserProfilePage } from './MemberProfilePage'

export type StudentsMode = 'list' | 'email-invite' | 'import-users' | 'import-user-ids'

/** /organization/:id/students, /students/new, /students/import and /elsa-users/import: one screen, four modes. */
export function StudentsPage({ mode }: { mode: StudentsMode }) {
  if (mode === 'list' || mode === 'email-invite') return <StudentsList inviting={mode === 'email-invite'} />
  return <StudentsImport kind={mode === 'import-users' ? 'emails' : 'user_ids'} />
}

/** The import modes: a file of e-mail addresses, or of the ids of existing app users. */
function StudentsImport({ kind }: { kind: 'emails' | 'user_ids' }) {
  const { LL } = useI18nContext()
  const { organizationId } = useParams<OrganizationParams>()
  const terms = useOrganizationTerms(organizationId)
  return (
    <section>
      <PageHeader title={`${terms.students()} · ${kind === 'emails' ? LL.nav.titles.importFromFile() : LL.nav.titles.importExistingUsers()}`} />
      <InvitationImportPanel key={kind} organizationId={Number(organizationId)} kind={kind} terms={terms} />
    </section>
  )
}

/** /organization/:id/teachers and /teachers/new (the e-mail invite panel open). */
export function TeachersPage({ mode }: { mode: 'list' | 'email-invite' }) {
  return <TeachersList inviting={mode === 'email-invite'} />
}

/** /organization/:organizationId/teachers/:teacherId (teacher-details). */
export { TeacherDetails as TeacherDetailsPage } from './teachers/TeacherDetails'
