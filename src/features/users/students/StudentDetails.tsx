import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { isOrgAdmin, isSuperuser } from '../../../../machines/roles'
import { memberProfileMachine } from '../../../../machines/member-profile'
import { useI18nContext } from '../../../../locales/i18n-react'
import { loadStudentClasses } from '../../../api/person-classes'
import { loadStudent } from '../../../api/students'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Button } from '../../../ui'
import { useOrganizationName } from '../../shared/current'
import { RemoveMemberDialog } from '../../shared/RemoveMemberDialog'
import { StudentReports } from '../../reports'
import { PersonClasses } from '../people/PersonClasses'
import { PersonDetails } from '../people/PersonDetails'
import { displayName } from '../people/people-query'
import { usePeopleTexts } from '../people/texts'

/**
 * /organization/:organizationId/students/:studentId (student-details, spec §2): the profile box, the
 * student's first 3 classes (a teacher sees the ones they own) and, for an admin, removing the student
 * from the organization (a confirmation; §8 messages by organization type). Teachers read the page
 * without the action. Under the profile, the learner's reports: overview,
 * date-interval picker, charts, assessment history and lesson detail.
 */
export function StudentDetails() {
  const params = useParams<{ organizationId: string; studentId: string }>()
  return (
    <Student key={`${params.organizationId}/${params.studentId}`} organizationId={Number(params.organizationId)} studentId={Number(params.studentId)} />
  )
}

function Student({ organizationId, studentId }: { organizationId: number; studentId: number }) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const user = useCurrentUser()
  const texts = usePeopleTexts(organizationId)
  const organizationName = useOrganizationName(organizationId)
  const profile = useActorRef(memberProfileMachine.provide({ actors: { loadMember: loadStudent } }), {
    input: { organizationId, userId: studentId },
  })
  const student = useSelector(profile, (s) => s.context.member)
  const failed = useSelector(profile, (s) => s.matches('failed'))
  const error = useSelector(profile, (s) => s.context.error)
  const [removing, setRemoving] = useState(false)
  const listHref = paths.students(organizationId)
  const name = student ? displayName(student) : ''

  return (
    <>
      <PersonDetails
        person={student}
        failure={failed ? { message: texts.studentFailed(), error, retry: () => profile.send({ type: 'member.retry' }) } : null}
        back={{ href: listHref, label: texts.backToStudents() }}
        fallbackTitle={LL.nav.titles.studentDetails()}
        actions={
          isOrgAdmin(user, organizationId) ? (
            <Button variant="outline" onClick={() => setRemoving(true)}>
              {LL.organizationUsers.removeFromOrganization()}
            </Button>
          ) : null
        }
      >
        <PersonClasses organizationId={organizationId} userId={studentId} kind="student" load={loadStudentClasses} />
      </PersonDetails>
      {student ? <StudentReports organizationId={organizationId} studentId={studentId} /> : null}
      {removing && student ? (
        <RemoveMemberDialog
          organizationId={organizationId}
          organizationName={organizationName}
          member={student}
          canRemoveFromSystem={isSuperuser(user)}
          texts={{
            removed: texts.studentRemoved({ name, organization: organizationName }),
            failed: texts.studentRemoveFailed({ name, organization: organizationName }),
          }}
          onClose={() => setRemoving(false)}
          onRemoved={() => navigate(listHref)}
        />
      ) : null}
    </>
  )
}
