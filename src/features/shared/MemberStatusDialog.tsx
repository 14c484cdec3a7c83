import { useActorRef, useSelector } from '@xstate/react'
import { useI18nContext } from '../../../locales/i18n-react'
import { memberStatusMachine } from '../../../machines/member-status'
import type { OrganizationUser } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { changeMemberStatus } from '../../api/organization-users'
import { Button, Dialog, ErrorPanel, Portal, toaster } from '../../ui'

export interface MemberStatusDialogProps {
  organizationId: number
  organizationName: string
  member: OrganizationUser
  onClose: () => void
  /** The member as the server now has it (disabled or enabled). */
  onChanged: (member: OrganizationUser) => void
}

const displayName = (member: OrganizationUser) => `${member.first_name} ${member.last_name}`.trim() || member.email

/** The disable (or enable) confirmation of a member (memberStatusMachine); refusals are shown in it. */
export function MemberStatusDialog({ organizationId, organizationName, member, onClose, onChanged }: MemberStatusDialogProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.memberStatus
  const name = displayName(member)
  const action = member.is_active ? 'disable' : 'enable'
  const status = useActorRef(
    memberStatusMachine.provide({
      actors: { changeMemberStatus },
      actions: {
        announceChanged: (_, { member: changed }) => {
          toaster.success({ title: changed.is_active ? t.enabledToast({ name }) : t.disabledToast({ name }) })
          onChanged(changed)
        },
        close: () => onClose(),
      },
    }),
    { input: { organizationId, userId: member.id, action } },
  )
  const state = useSelector(status, (s) => s.value)
  const busy = useSelector(status, (s) => s.hasTag('busy'))
  const error = useSelector(status, (s) => s.context.error)

  // the dialog closes when the machine reaches `cancelled` (its `close` action), not on the button
  const close = () => status.send({ type: 'memberStatus.cancel' })
  const refused = state === 'refused'
  const message =
    error?.body.code === 'sole_admin' ? t.soleAdmin() : error ? errorMessage(error, LL.common.genericError(), LL.errors.network()) : null

  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open ? undefined : close())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{action === 'disable' ? t.disableTitle({ name }) : t.enableTitle({ name })}</Dialog.Title>
                <Dialog.Description>
                  {action === 'disable'
                    ? t.disableDescription({ name, organization: organizationName })
                    : t.enableDescription({ name, organization: organizationName })}
                </Dialog.Description>
              </Stack>
              {message ? <ErrorPanel messages={[message]} /> : null}
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end" flexWrap="wrap">
                {refused ? (
                  <Button onClick={close}>{LL.common.close()}</Button>
                ) : (
                  <>
                    <Button variant="outline" onClick={close} disabled={busy}>
                      {LL.common.cancel()}
                    </Button>
                    <Button
                      loading={busy}
                      onClick={() => status.send({ type: state === 'failed' ? 'memberStatus.retry' : 'memberStatus.confirm' })}
                    >
                      {state === 'failed' ? LL.common.retry() : action === 'disable' ? t.disable() : t.enable()}
                    </Button>
                  </>
                )}
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
