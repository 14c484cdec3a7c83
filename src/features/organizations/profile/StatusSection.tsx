import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { organizationStatusMachine } from '../../../../machines/organization-status'
import type { Organization, StatusAction } from '../../../../machines/types'
import { HStack, Stack } from '../../../../styled-system/jsx'
import { errorMessage, fieldErrorsOf } from '../../../api/errors'
import { organizationStatusActors } from '../../../api/organization-profile'
import { actorOptions } from '../../../app/inspect'
import { paths } from '../../../app/paths'
import { useSession } from '../../../app/root-context'
import { Button, ErrorPanel, Heading, PasswordField, Text, TextField, toaster } from '../../../ui'
import { OrganizationDialog } from '../OrganizationDialog'

/**
 * Enable, disable and delete the organization, each with the acting user's password (and the
 * organization's name typed out for a delete); restore for a platform admin (machine
 * organization-status). After a disable or a delete: to /admin for a platform admin, else the dashboard.
 */
export function StatusSection({
  organization,
  superuser,
  onChanged,
}: {
  organization: Organization
  superuser: boolean
  onChanged: (next?: Organization) => void
}) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const session = useSession()
  const flow = useActorRef(
    organizationStatusMachine.provide({
      actors: organizationStatusActors,
      actions: {
        announceChanged: (_, params) => {
          toaster.success({
            title: params.organization?.deleted_at === null && organization.deleted_at !== null ? LL.organizationProfile.actions.restored() : LL.organizationProfile.actions.enabled(),
          })
          onChanged(params.organization ?? undefined)
        },
        leave: (_, params) => {
          toaster.success({
            title: params.action === 'delete' ? LL.organizationProfile.actions.deleted() : LL.organizationProfile.actions.disabled(),
          })
          if (superuser) {
            navigate(paths.admin())
          } else {
            // the person's organizations have changed: the session reloads them
            session.send({ type: 'session.refresh' })
            navigate(paths.home())
          }
        },
      },
    }),
    { ...actorOptions(), input: { organizationId: organization.id, status: organization.status, deletedAt: organization.deleted_at } },
  )
  const state = useSelector(flow, (s) => s.value)
  const action = useSelector(flow, (s) => s.context.action)
  const deletedAt = useSelector(flow, (s) => s.context.deletedAt)
  const restoring = useSelector(flow, (s) => s.matches('restoring'))
  const restoreError = useSelector(flow, (s) => (s.matches({ deleted: 'failed' }) ? s.context.error : null))
  const dialogOpen = useSelector(flow, (s) => s.hasTag('dialog'))

  return (
    <section aria-labelledby="organization-status-title">
      <Stack gap="3">
        <Heading as="h2" size="lg" id="organization-status-title">
          {LL.organizationProfile.actions.title()}
        </Heading>
        {deletedAt ? (
          <Stack gap="3" alignItems="flex-start">
            <Text>{LL.organizationProfile.actions.deletedNotice({ date: deletedAt })}</Text>
            <ErrorPanel messages={restoreError ? [errorMessage(restoreError, LL.errors.generic(), LL.errors.network())] : []} />
            {superuser ? (
              <Button loading={restoring} onClick={() => flow.send({ type: 'status.restore' })}>
                {LL.organizationProfile.actions.restore()}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <HStack gap="3" flexWrap="wrap">
            {state === 'inactive' ? (
              <Button variant="outline" onClick={() => flow.send({ type: 'status.enable' })}>
                {LL.organizationProfile.actions.enable()}
              </Button>
            ) : (
              <Button variant="outline" disabled={state !== 'active'} onClick={() => flow.send({ type: 'status.disable' })}>
                {LL.organizationProfile.actions.disable()}
              </Button>
            )}
            <Button variant="outline" colorPalette="red" onClick={() => flow.send({ type: 'status.delete' })}>
              {LL.organizationProfile.actions.delete()}
            </Button>
          </HStack>
        )}
      </Stack>
      {dialogOpen && action ? <StatusDialog flow={flow} action={action} organizationName={organization.name} /> : null}
    </section>
  )
}

type StatusFlow = ReturnType<typeof useActorRef<typeof organizationStatusMachine>>

/** The dialog that asks for the password (and for a delete, the organization's name). */
function StatusDialog({ flow, action, organizationName }: { flow: StatusFlow; action: StatusAction; organizationName: string }) {
  const { LL } = useI18nContext()
  const [password, setPassword] = useState('')
  const [typedName, setTypedName] = useState('')
  const checking = useSelector(flow, (s) => s.matches('checking'))
  const wrongPassword = useSelector(flow, (s) => (s.matches({ confirming: 'wrongPassword' }) ? s.context.error : null))
  const failure = useSelector(flow, (s) => (s.matches({ confirming: 'failed' }) ? s.context.error : null))
  const titles = { disable: LL.organizationProfile.actions.disable(), enable: LL.organizationProfile.actions.enable(), delete: LL.organizationProfile.actions.delete() }
  const texts = {
    disable: LL.organizationProfile.actions.disableText(),
    enable: LL.organizationProfile.actions.enableText(),
    delete: LL.organizationProfile.actions.deleteText(),
  }
  const nameMatches = action !== 'delete' || typedName.trim() === organizationName.trim()
  const ready = password !== '' && nameMatches

  return (
    <OrganizationDialog onClose={() => flow.send({ type: 'status.cancel' })} title={titles[action]} description={texts[action]}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (ready && !checking) flow.send({ type: 'status.submit', password })
        }}
      >
        <Stack gap="4">
          <ErrorPanel messages={failure ? [errorMessage(failure, LL.errors.generic(), LL.errors.network())] : []} />
          <PasswordField
            showLabel={LL.common.showPassword()}
            hideLabel={LL.common.hidePassword()}
            label={LL.organizationProfile.actions.password()}
            helperText={LL.organizationProfile.actions.passwordText()}
            autoComplete="current-password"
            name="password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            errorText={wrongPassword ? (fieldErrorsOf(wrongPassword.body).password ?? LL.errors.generic()) : undefined}
          />
          {action === 'delete' ? (
            <TextField
              label={LL.organizationProfile.actions.typeName({ name: organizationName })}
              name="organization_name"
              autoComplete="off"
              required
              value={typedName}
              onChange={(event) => setTypedName(event.currentTarget.value)}
              errorText={typedName !== '' && !nameMatches ? LL.organizationProfile.actions.nameMismatch() : undefined}
            />
          ) : null}
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
            <Button variant="outline" onClick={() => flow.send({ type: 'status.cancel' })}>
              {LL.common.cancel()}
            </Button>
            <Button type="submit" disabled={!ready} loading={checking}>
              {titles[action]}
            </Button>
          </Stack>
        </Stack>
      </form>
    </OrganizationDialog>
  )
}
