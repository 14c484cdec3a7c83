import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link as RouterLink, useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { memberProfileMachine } from '../../../machines/member-profile'
import { isSuperuser, membershipOf } from '../../../machines/roles'
import { css } from '../../../styled-system/css'
import { Flex, HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { loadMember, saveMember } from '../../api/organization-users'
import { useKnownOrganization } from '../../app/known-organizations'
import { paths } from '../../app/paths'
import { useCurrentUser } from '../../app/root-context'
import { Avatar, Badge, Button, ErrorPanel, Heading, Spinner, Text, toaster } from '../../ui'
import { useOrganizationTerms } from '../shared/current'
import { Details } from '../shared/Details'
import { usePageTitle } from '../shared/page'
import { MemberStatusDialog } from '../shared/MemberStatusDialog'
import { RemoveMemberDialog } from '../shared/RemoveMemberDialog'
import { roleLabel } from '../shared/terms'
import { EditMemberDialog } from './EditMemberDialog'
import { TeacherClasses } from './TeacherClasses'

/** /organization/:organizationId/users/:userId (OrganizationUserProfile): details, roles, state; edit, disable or enable, remove. */
export function MemberProfilePage() {
  const params = useParams<{ organizationId: string; userId: string }>()
  return <MemberProfile key={`${params.organizationId}/${params.userId}`} organizationId={Number(params.organizationId)} userId={Number(params.userId)} />
}

function MemberProfile({ organizationId, userId }: { organizationId: number; userId: number }) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const user = useCurrentUser()
  const terms = useOrganizationTerms(organizationId)
  const [, navigate] = useLocation()
  const known = useKnownOrganization(organizationId)
  const organizationName = membershipOf(user, organizationId)?.name ?? known?.name ?? ''
  const profile = useActorRef(
    memberProfileMachine.provide({
      actors: { loadMember, saveMember },
      actions: { announceSaved: () => toaster.success({ title: t.saved() }) },
    }),
    { input: { organizationId, userId } },
  )
  const member = useSelector(profile, (s) => s.context.member)
  const editing = useSelector(profile, (s) => s.matches('editing') || s.matches('saving'))
  const saving = useSelector(profile, (s) => s.matches('saving'))
  const failed = useSelector(profile, (s) => s.matches('failed'))
  const error = useSelector(profile, (s) => s.context.error)
  const [removing, setRemoving] = useState(false)
  const [changingStatus, setChangingStatus] = useState(false)
  const name = member ? `${member.first_name} ${member.last_name}`.trim() || member.email : LL.nav.titles.organizationUserProfile()
  usePageTitle(name)
  const usersHref = paths.organization(organizationId, 'users')

  const back = (
    <RouterLink href={usersHref} className={css({ color: 'colorPalette.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
      ← {t.backToUsers()}
    </RouterLink>
  )
  if (failed)
    return (
      <Stack gap="4" align="flex-start">
        {back}
        <ErrorPanel messages={[t.memberFailed(), errorMessage(error, LL.common.genericError(), LL.errors.network())]} />
        <Button variant="outline" onClick={() => profile.send({ type: 'member.retry' })}>
          {LL.common.retry()}
        </Button>
      </Stack>
    )
  if (!member) return <Spinner label={LL.common.loading()} />

  const dash = LL.common.notAvailable()
  const details: [string, string][] = [
    [t.firstName(), member.first_name || dash],
    [t.lastName(), member.last_name || dash],
    [t.email(), member.email],
    [t.username(), member.username || dash],
    [t.phone(), member.phone_number ? `${member.phone_code ?? ''} ${member.phone_number}`.trim() : dash],
    [t.memberSince(), LL.common.date({ value: member.joined_at })],
    [LL.organizationUsers.memberStatus.status(), member.is_active ? LL.organizationUsers.memberStatus.active() : LL.organizationUsers.memberStatus.disabled()],
  ]

  return (
    <Stack gap="6" maxW="3xl">
      {back}
      <Flex gap="4" align="center" wrap="wrap">
        <Avatar name={name} src={member.photo_url} decorative size="lg" />
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {name}
        </Heading>
        {member.is_active ? null : <Badge variant="subtle">{LL.organizationUsers.memberStatus.disabled()}</Badge>}
        <HStack gap="2" ms={{ base: '0', sm: 'auto' }} flexWrap="wrap">
          <Button variant="outline" onClick={() => profile.send({ type: 'member.edit' })}>
            {LL.common.edit()}
          </Button>
          {/* nobody disables themselves (the server refuses it too) */}
          {member.id === user?.id ? null : (
            <Button variant="outline" onClick={() => setChangingStatus(true)}>
              {member.is_active ? LL.organizationUsers.memberStatus.disable() : LL.organizationUsers.memberStatus.enable()}
            </Button>
          )}
          <Button variant="outline" onClick={() => setRemoving(true)}>
            {t.removeFromOrganization()}
          </Button>
        </HStack>
      </Flex>
      {member.is_active ? null : <Text color="fg.muted">{LL.organizationUsers.memberStatus.disabledNotice()}</Text>}
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t.details()}
        </Heading>
        <Details entries={details} />
      </Stack>
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t.roles()}
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          {member.roles.map((role) => (
            <Badge key={role} variant="outline">
              {roleLabel(terms, role)}
            </Badge>
          ))}
        </HStack>
      </Stack>
      {/* teacher-only actions (spec 000 §2) */}
      {member.roles.includes('teacher') ? (
        <TeacherClasses organizationId={organizationId} teacher={{ id: member.id, email: member.email, name }} />
      ) : null}
      {editing ? (
        <EditMemberDialog
          member={member}
          terms={terms}
          busy={saving}
          error={error}
          onSave={(changes) => profile.send({ type: 'member.save', changes })}
          onCancel={() => profile.send({ type: 'member.cancel' })}
        />
      ) : null}
      {changingStatus ? (
        <MemberStatusDialog
          organizationId={organizationId}
          organizationName={organizationName}
          member={member}
          onClose={() => setChangingStatus(false)}
          onChanged={(changed) => {
            setChangingStatus(false)
            profile.send({ type: 'member.changed', member: changed })
          }}
        />
      ) : null}
      {removing ? (
        <RemoveMemberDialog
          organizationId={organizationId}
          organizationName={organizationName}
          member={member}
          canRemoveFromSystem={isSuperuser(user)}
          onClose={() => setRemoving(false)}
          onRemoved={() => navigate(usersHref)}
        />
      ) : null}
    </Stack>
  )
}
