import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { adminInviteMachine } from '../../../../machines/admin-invite'
import { HStack, Stack, styled } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { adminInviteActors } from '../../../api/organization-profile'
import { actorOptions } from '../../../app/inspect'
import { Avatar, Button, ErrorPanel, Heading, Spinner, Text, TextField, isEmail, toaster } from '../../../ui'

/**
 * The admins of the organization and the invite-another-admin form (spec §2 Profile view, §5 Invite
 * admin: a valid e-mail, trimmed, the button disabled until then; §4: the list reloads 1 second after).
 */
export function AdminsSection({ organizationId }: { organizationId: number }) {
  const { LL } = useI18nContext()
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const flow = useActorRef(
    adminInviteMachine.provide({
      actors: adminInviteActors,
      actions: {
        announceSent: (_, params) => {
          toaster.success({ title: LL.organizationProfile.invite.sent({ email: params.email }) })
          setEmail('')
          setTouched(false)
        },
      },
    }),
    { ...actorOptions(), input: { organizationId } },
  )
  const admins = useSelector(flow, (s) => s.context.admins)
  const loading = useSelector(flow, (s) => s.hasTag('loading'))
  const loadFailed = useSelector(flow, (s) => s.matches('loadFailed'))
  const sending = useSelector(flow, (s) => s.hasTag('busy'))
  const inviteError = useSelector(flow, (s) => (s.matches({ listed: 'failed' }) ? s.context.error : null))
  const loadError = useSelector(flow, (s) => (s.matches('loadFailed') ? s.context.error : null))

  const trimmed = email.trim()
  const valid = isEmail(trimmed)
  const emailError = touched && trimmed !== '' && !valid ? LL.validation.emailInvalid() : undefined

  return (
    <Stack gap="6">
      <section aria-labelledby="organization-admins-title" aria-busy={loading}>
        <Stack gap="3">
          <Heading as="h2" size="lg" id="organization-admins-title">
            {LL.organizationProfile.admins.title()}
          </Heading>
          {loadFailed ? (
            <Stack gap="2" alignItems="flex-start">
              <ErrorPanel messages={errorMessages(loadError, LL.errors.generic(), LL.errors.network())} />
              <Button variant="outline" size="sm" onClick={() => flow.send({ type: 'admins.reload' })}>
                {LL.common.retry()}
              </Button>
            </Stack>
          ) : loading && admins.length === 0 ? (
            <HStack gap="2">
              <Spinner size="sm" />
              <Text color="fg.muted">{LL.organizationProfile.admins.loading()}</Text>
            </HStack>
          ) : admins.length === 0 ? (
            <Text color="fg.muted">{LL.organizationProfile.admins.empty()}</Text>
          ) : (
            <styled.ul display="flex" flexDirection="column" gap="3" aria-label={LL.organizationProfile.admins.title()}>
              {admins.map((admin) => {
                const name = `${admin.first_name} ${admin.last_name}`.trim() || admin.email
                return (
                  <styled.li key={admin.id} display="flex" alignItems="center" gap="3" minW="0">
                    <Avatar name={name} src={admin.photo_url} decorative size="sm" />
                    {/* wrapped, not cut: at 360 px a cut e-mail could not be read anywhere */}
                    <Stack gap="0" minW="0" overflowWrap="anywhere">
                      <Text fontWeight="medium">
                        {name}
                      </Text>
                      <Text size="sm" color="fg.muted">
                        {admin.email}
                      </Text>
                    </Stack>
                  </styled.li>
                )
              })}
            </styled.ul>
          )}
        </Stack>
      </section>
      <section aria-labelledby="organization-invite-admin-title">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            setTouched(true)
            if (valid && !sending) flow.send({ type: 'invite.send', email: trimmed })
          }}
        >
          <Stack gap="3">
            <Heading as="h3" size="md" id="organization-invite-admin-title">
              {LL.organizationProfile.invite.title()}
            </Heading>
            <Text size="sm" color="fg.muted">
              {LL.organizationProfile.invite.text()}
            </Text>
            <ErrorPanel messages={inviteError ? errorMessages(inviteError, LL.errors.generic(), LL.errors.network()) : []} />
            <TextField
              label={LL.organizationProfile.invite.email()}
              type="email"
              inputMode="email"
              autoComplete="off"
              name="admin_email"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value)
                setTouched(true)
              }}
              errorText={emailError}
            />
            <HStack justify="flex-end">
              <Button type="submit" disabled={!valid} loading={sending}>
                {LL.organizationProfile.invite.submit()}
              </Button>
            </HStack>
          </Stack>
        </form>
      </section>
    </Stack>
  )
}
