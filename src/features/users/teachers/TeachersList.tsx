import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { HStack } from '../../../../styled-system/jsx'
import { isOrgAdmin } from '../../../../machines/roles'
import { loadOrganizationUsers } from '../../../api/organization-users'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Button } from '../../../ui'
import { InviteByEmailDialog } from '../../organizations/InviteByEmailDialog'
import { PendingInvites, usePendingInvites } from '../../organizations/PendingInvites'
import { useOrganizationName, useOrganizationTerms, useOrganizationType } from '../../shared/current'
import { PeopleList, usePeopleList, type PeopleCountColumn } from '../people/PeopleList'
import { usePeopleTexts } from '../people/texts'

/**
 * /organization/:id/teachers and /teachers/new (spec §2 Teacher list; organization admins): the
 * teachers by name, e-mail, the classes they own and the students in them (groups_count,
 * users_groups_count; each sortable), and inviting teachers by e-mail (role teacher, no role select, §6).
 */
export function TeachersList({ inviting }: { inviting: boolean }) {
  const organizationId = Number(useParams<{ organizationId: string }>().organizationId)
  return <Teachers key={organizationId} organizationId={organizationId} inviting={inviting} />
}

function Teachers({ organizationId, inviting }: { organizationId: number; inviting: boolean }) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const user = useCurrentUser()
  const terms = useOrganizationTerms(organizationId)
  const texts = usePeopleTexts(organizationId)
  const organizationName = useOrganizationName(organizationId)
  const counts = useOrganizationType(organizationId) === 'company' ? LL.personClasses.company : LL.personClasses.school
  const columns: PeopleCountColumn[] = [
    { key: 'groups_count', label: counts.title() },
    { key: 'users_groups_count', label: counts.studentsColumn() },
  ]
  const list = usePeopleList(organizationId, loadOrganizationUsers, ['teacher'], columns)
  const listHref = paths.teachers(organizationId)
  // the list is the admins' (the route's guard); the pending teacher invitations beside the invite button
  const pendingInvites = usePendingInvites(organizationId, isOrgAdmin(user, organizationId), ['teacher'])

  return (
    <>
      <PeopleList
        actor={list}
        roles={['teacher']}
        title={terms.teachers()}
        searchLabel={texts.searchTeachers()}
        texts={{ empty: texts.noTeachers(), emptyPrompt: texts.noTeachersPrompt(), failed: texts.teachersFailed() }}
        detailHref={(teacher) => paths.teacher(organizationId, teacher.id)}
        columns={columns}
        actions={
          <HStack gap="3" flexWrap="wrap">
            <PendingInvites actor={pendingInvites} organizationName={organizationName} terms={terms} />
            <Button onClick={() => navigate(paths.teachersInvite(organizationId))}>{LL.organizationUsers.people.inviteByEmail()}</Button>
          </HStack>
        }
      />
      {inviting ? (
        <InviteByEmailDialog
          organizationId={organizationId}
          organizationName={organizationName}
          terms={terms}
          fixedRole="teacher"
          onClose={() => navigate(listHref)}
          // the list screen loads the teachers again, and the pending invites
          onSent={() => {
            navigate(listHref)
            pendingInvites.send({ type: 'invites.reload' })
          }}
        />
      ) : null}
    </>
  )
}
