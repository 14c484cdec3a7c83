import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { HStack } from '../../../../styled-system/jsx'
import { isOrgAdmin } from '../../../../machines/roles'
import { loadStudents } from '../../../api/students'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Button, ChevronDownIcon, Menu } from '../../../ui'
import { InviteByEmailDialog } from '../../organizations/InviteByEmailDialog'
import { PendingInvites, usePendingInvites } from '../../organizations/PendingInvites'
import { useOrganizationName, useOrganizationTerms } from '../../shared/current'
import { PeopleList, usePeopleList } from '../people/PeopleList'
import { usePeopleTexts } from '../people/texts'

/**
 * /organization/:id/students and /students/new (spec §2 Student list): the students, for teachers and
 * admins; an admin also gets the invite menu (by e-mail, import) and, in the invite mode, the e-mail
 * invite dialog over the list (closing it goes back to the list).
 */
export function StudentsList({ inviting }: { inviting: boolean }) {
  const organizationId = Number(useParams<{ organizationId: string }>().organizationId)
  return <Students key={organizationId} organizationId={organizationId} inviting={inviting} />
}

function Students({ organizationId, inviting }: { organizationId: number; inviting: boolean }) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const user = useCurrentUser()
  const canManage = isOrgAdmin(user, organizationId)
  const terms = useOrganizationTerms(organizationId)
  const texts = usePeopleTexts(organizationId)
  const organizationName = useOrganizationName(organizationId)
  const list = usePeopleList(organizationId, loadStudents, [])
  const listHref = paths.students(organizationId)
  const pendingInvites = usePendingInvites(organizationId, canManage, ['student'])

  return (
    <>
      <PeopleList
        actor={list}
        roles={[]}
        title={terms.students()}
        searchLabel={texts.searchStudents()}
        texts={{ empty: texts.noStudents(), emptyPrompt: canManage ? texts.noStudentsPrompt() : undefined, failed: texts.studentsFailed() }}
        detailHref={(student) => paths.student(organizationId, student.id)}
        actions={
          canManage ? (
            <HStack gap="3" flexWrap="wrap">
              <PendingInvites actor={pendingInvites} organizationName={organizationName} terms={terms} />
              <Menu.Root
                positioning={{ placement: 'bottom-end' }}
                onSelect={({ value }) => navigate(value === 'import' ? paths.studentsImport(organizationId) : paths.studentsInvite(organizationId))}
              >
                <Menu.Trigger asChild>
                  <Button>
                    {LL.organizationUsers.people.invite()}
                    <ChevronDownIcon />
                  </Button>
                </Menu.Trigger>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="email">{LL.organizationUsers.people.inviteByEmail()}</Menu.Item>
                    <Menu.Item value="import">{LL.organizationUsers.people.importUsers()}</Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Menu.Root>
            </HStack>
          ) : null
        }
      />
      {inviting && canManage ? (
        <InviteByEmailDialog
          organizationId={organizationId}
          organizationName={organizationName}
          terms={terms}
          onClose={() => navigate(listHref)}
          // the list screen loads the students again, and the pending invites
          onSent={() => {
            navigate(listHref)
            pendingInvites.send({ type: 'invites.reload' })
          }}
        />
      ) : null}
    </>
  )
}
