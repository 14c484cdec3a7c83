import { useActorRef, useSelector } from '@xstate/react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { OrganizationMembership, User } from '../../../machines/types'
import { withdrawMachine } from '../../../machines/withdraw'
import { css } from '../../../styled-system/css'
import { HStack, Stack } from '../../../styled-system/jsx'
import { errorMessages } from '../../api/errors'
import { withdrawActors } from '../../api/profile'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { Button, Dialog, ErrorPanel, Portal, Text } from '../../ui'

/**
 * Withdraw from an organization (machine withdraw): the first message, then the second one by role
 * after the first confirm; the second confirm removes the membership, reloads the account and closes.
 * The only admin is told to invite another owner first. It closes when the machine ends (`close`),
 * so a cancel the machine does not take (while the removal runs) leaves it open.
 */
export function WithdrawDialog({
  userId,
  organization,
  onWithdrawn,
  onClose,
}: {
  userId: number
  organization: OrganizationMembership
  onWithdrawn: (account: User | null) => void
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.myProfile.withdraw
  const flow = useActorRef(
    withdrawMachine.provide({
      actors: withdrawActors,
      actions: { announceWithdrawn: (_, { account }) => onWithdrawn(account), close: () => onClose() },
    }),
    { ...actorOptions(), input: { userId, organization } },
  )
  const state = useSelector(flow, (s) => s.value)
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))
  const name = organization.name
  const roleMessage = organization.roles.includes('admin')
    ? t.admin({ name })
    : organization.roles.includes('teacher')
      ? t.teacher({ name })
      : t.student({ name })
  // the dialog closes when the machine reaches `closed` (its `close` action), not on the button
  const cancel = () => flow.send({ type: 'withdraw.cancel' })
  const second = state === 'confirmed' || state === 'withdrawing' || state === 'failed' || state === 'reloading'

  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open ? undefined : cancel())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <Stack gap="5" p="6" aria-busy={busy}>
              <Dialog.Title>{t.title({ name })}</Dialog.Title>
              {error ? <ErrorPanel messages={errorMessages(error, LL.errors.generic(), LL.errors.network())} /> : null}
              {state === 'soleAdmin' ? (
                <Dialog.Description>{t.soleAdmin({ name })}</Dialog.Description>
              ) : second ? (
                <Stack gap="2">
                  <Dialog.Description>{roleMessage}</Dialog.Description>
                  <Text fontWeight="semibold">{t.sure()}</Text>
                </Stack>
              ) : (
                <Dialog.Description>{t.ask({ name })}</Dialog.Description>
              )}
              <HStack gap="3" justify="flex-end" flexWrap="wrap">
                <Button variant="outline" onClick={cancel} disabled={busy}>
                  {state === 'soleAdmin' ? LL.common.close() : LL.common.cancel()}
                </Button>
                {state === 'soleAdmin' ? (
                  <RouterLink
                    href={paths.organization(organization.id, 'profile')}
                    className={css({
                      color: 'colorPalette.text',
                      textDecoration: 'underline',
                      alignSelf: 'center',
                    })}
                  >
                    {t.inviteAdmin()}
                  </RouterLink>
                ) : (
                  <Button loading={busy} onClick={() => flow.send({ type: 'withdraw.confirm' })}>
                    {second ? t.confirmAgain() : t.confirm()}
                  </Button>
                )}
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
