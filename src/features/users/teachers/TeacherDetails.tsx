import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { memberProfileMachine } from '../../../../machines/member-profile'
import { isSuperuser } from '../../../../machines/roles'
import { HStack, Stack } from '../../../../styled-system/jsx'
import { loadMember, saveMember } from '../../../api/organization-users'
import { loadTeacherClasses } from '../../../api/person-classes'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Badge, Button, Heading, toaster } from '../../../ui'
import { TeacherReports } from '../../reports'
import { useOrganizationName, useOrganizationTerms } from '../../shared/current'
import { RemoveMemberDialog } from '../../shared/RemoveMemberDialog'
import { roleLabel } from '../../shared/terms'
import { EditMemberDialog } from '../EditMemberDialog'
import { PersonClasses } from '../people/PersonClasses'
import { PersonDetails } from '../people/PersonDetails'
import { displayName } from '../people/people-query'
import { usePeopleTexts } from '../people/texts'

/**
 * /organization/:organizationId/teachers/:teacherId (teacher-details, spec §2; organization admins): the
 * profile with the department and title, the roles (edited with the edit-user dialog), the counts of
 * classes and of their students with the first 5 classes, and removing the teacher from the
 * organization (a confirmation; §8 messages by organization type).
 */
export function TeacherDetails() {
  const params = useParams<{ organizationId: string; teacherId: string }>()
  return (
    <Teacher key={`${params.organizationId}/${params.teacherId}`} organizationId={Number(params.organizationId)} teacherId={Number(params.teacherId)} />
  )
}

function Teacher({ organizationId, teacherId }: { organizationId: number; teacherId: number }) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const user = useCurrentUser()
  const terms = useOrganizationTerms(organizationId)
  const texts = usePeopleTexts(organizationId)
  const organizationName = useOrganizationName(organizationId)
  const profile = useActorRef(
    memberProfileMachine.provide({
      actors: { loadMember, saveMember },
      actions: { announceSaved: () => toaster.success({ title: LL.organizationUsers.saved() }) },
    }),
    { input: { organizationId, userId: teacherId } },
  )
  const teacher = useSelector(profile, (s) => s.context.member)
  const failed = useSelector(profile, (s) => s.matches('failed'))
  const editing = useSelector(profile, (s) => s.matches('editing') || s.matches('saving'))
  const saving = useSelector(profile, (s) => s.matches('saving'))
  const error = useSelector(profile, (s) => s.context.error)
  const [removing, setRemoving] = useState(false)
  const listHref = paths.teachers(organizationId)
  const name = teacher ? displayName(teacher) : ''

  return (
    <>
      <PersonDetails
        person={teacher}
        failure={failed ? { message: texts.teacherFailed(), error, retry: () => profile.send({ type: 'member.retry' }) } : null}
        back={{ href: listHref, label: texts.backToTeachers() }}
        fallbackTitle={LL.nav.titles.teacherDetails()}
        moreProfile={
          teacher
            ? [
                [LL.organizationUsers.department(), teacher.department || LL.common.notAvailable()],
                [LL.organizationUsers.jobTitle(), teacher.title || LL.common.notAvailable()],
              ]
            : []
        }
        actions={
          <>
            <Button variant="outline" onClick={() => profile.send({ type: 'member.edit' })}>
              {LL.common.edit()}
            </Button>
            <Button variant="outline" onClick={() => setRemoving(true)}>
              {LL.organizationUsers.removeFromOrganization()}
            </Button>
          </>
        }
      >
        {teacher ? (
          <Stack gap="3" as="section" aria-labelledby="teacher-roles">
            <Heading as="h2" size="lg" id="teacher-roles">
              {LL.organizationUsers.people.roles()}
            </Heading>
            <HStack gap="2" flexWrap="wrap">
              {teacher.roles.map((role) => (
                <Badge key={role} variant="outline">
                  {roleLabel(terms, role)}
                </Badge>
              ))}
            </HStack>
          </Stack>
        ) : null}
        {/* the teacher's classes: the counts (groups_count, users_groups_count) and the first 5 */}
        {teacher ? (
          <PersonClasses
            organizationId={organizationId}
            userId={teacherId}
            kind="teacher"
            load={loadTeacherClasses}
            counts={{ classes: teacher.groups_count, students: teacher.users_groups_count }}
          />
        ) : null}
      </PersonDetails>
      {teacher ? <TeacherReports organizationId={organizationId} teacherId={teacherId} /> : null}
      {editing && teacher ? (
        <EditMemberDialog
          member={teacher}
          terms={terms}
          busy={saving}
          error={error}
          onSave={(changes) => profile.send({ type: 'member.save', changes })}
          onCancel={() => profile.send({ type: 'member.cancel' })}
        />
      ) : null}
      {removing && teacher ? (
        <RemoveMemberDialog
          organizationId={organizationId}
          organizationName={organizationName}
          member={teacher}
          canRemoveFromSystem={isSuperuser(user)}
          texts={{
            removed: texts.teacherRemoved({ name, organization: organizationName }),
            failed: texts.teacherRemoveFailed({ name, organization: organizationName }),
          }}
          onClose={() => setRemoving(false)}
          onRemoved={() => navigate(listHref)}
        />
      ) : null}
    </>
  )
}
