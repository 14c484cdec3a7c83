import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { memberRemovalMachine } from '../../../machines/member-removal'
import type { OrganizationUser } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { removeMember } from '../../api/organization-users'
import { Button, Dialog, ErrorPanel, Portal, TextField, toaster } from '../../ui'

export interface RemoveMemberDialogProps {
  organizationId: number
  organizationName: string
  member: OrganizationUser
  /**
   * A platform admin may remove the account from the system instead (a country admin only people of its
   * country, and nobody a platform admin's: the server decides and the dialog shows its refusal).
   */
  canRemoveFromSystem: boolean
  /**
   * The messages of a removal from the organization, worded for the member's list and the organization's
   * type (§8: the student and teacher details); without them, the users view's.
   */
  texts?: { removed: string; failed: string }
  onClose: () => void
  onRemoved: () => void
}

const displayName = (member: OrganizationUser) => `${member.first_name} ${member.last_name}`.trim() || member.email

/**
 * The remove-member confirmation (memberRemovalMachine): one step, two for the system, where the member's
 * e-mail is typed out before the account can be deleted; refusals are shown in it.
 */
export function RemoveMemberDialog({ organizationId, organizationName, member, canRemoveFromSystem, texts, onClose, onRemoved }: RemoveMemberDialogProps) {
  const { LL } = useI18nContext()
  const name = displayName(member)
  const removal = useActorRef(
    memberRemovalMachine.provide({
      actors: { removeMember },
      actions: {
        announceRemoved: (_, { scope }) => {
          toaster.success({
            title:
              scope === 'system'
                ? LL.organizationUsers.removedFromSystem({ name })
                : (texts?.removed ?? LL.organizationUsers.removed({ name, organization: organizationName })),
          })
          onRemoved()
        },
        close: () => onClose(),
      },
    }),
    { input: { organizationId, userId: member.id, canRemoveFromSystem } },
  )
  const state = useSelector(removal, (s) => s.value)
  const busy = useSelector(removal, (s) => s.hasTag('busy'))
  const error = useSelector(removal, (s) => s.context.error)
  const fromSystem = useSelector(removal, (s) => s.matches('confirmingFromSystem') || (s.matches('removing') && s.context.scope === 'system'))
  const [typedEmail, setTypedEmail] = useState('')
  const emailMatches = typedEmail.trim().toLowerCase() === member.email.toLowerCase()

  // the dialog closes when the machine reaches `cancelled` (its `close` action), not on the button
  const close = () => removal.send({ type: 'removal.cancel' })
  const refused = state === 'refused'
  const message = refused ? LL.organizationUsers.soleAdmin() : error ? errorMessage(error, LL.common.genericError(), LL.errors.network()) : null
  const messages = message === null ? [] : texts && !fromSystem ? [texts.failed, message] : [message]

  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open ? undefined : close())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>
                  {fromSystem ? LL.organizationUsers.removeFromSystemTitle({ name }) : LL.organizationUsers.removeTitle({ name })}
                </Dialog.Title>
                <Dialog.Description>
                  {fromSystem
                    ? LL.organizationUsers.removeFromSystemDescription({ name })
                    : LL.organizationUsers.removeDescription({ name, organization: organizationName })}
                </Dialog.Description>
              </Stack>
              {messages.length > 0 ? <ErrorPanel messages={messages} /> : null}
              {state === 'confirmingFromSystem' ? (
                <TextField
                  label={LL.organizationUsers.memberSystemRemoval.confirmLabel({ email: member.email })}
                  name="confirm_email"
                  autoComplete="off"
                  required
                  value={typedEmail}
                  onChange={(event) => setTypedEmail(event.currentTarget.value)}
                  errorText={typedEmail !== '' && !emailMatches ? LL.organizationUsers.memberSystemRemoval.mismatch() : undefined}
                />
              ) : null}
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end" flexWrap="wrap">
                {refused ? (
                  <Button onClick={close}>{LL.common.close()}</Button>
                ) : (
                  <>
                    {state === 'confirming' && canRemoveFromSystem ? (
                      <Button variant="ghost" onClick={() => removal.send({ type: 'removal.chooseSystem' })}>
                        {LL.organizationUsers.removeFromSystemChoice()}
                      </Button>
                    ) : null}
                    {state === 'confirmingFromSystem' ? (
                      <Button variant="ghost" onClick={() => removal.send({ type: 'removal.back' })}>
                        {LL.common.back()}
                      </Button>
                    ) : null}
                    <Button variant="outline" onClick={close} disabled={busy}>
                      {LL.common.cancel()}
                    </Button>
                    <Button
                      loading={busy}
                      disabled={state === 'confirmingFromSystem' && !emailMatches}
                      onClick={() => removal.send({ type: state === 'failed' ? 'removal.retry' : 'removal.confirm' })}
                    >
                      {state === 'failed'
                        ? LL.common.retry()
                        : fromSystem
                          ? LL.organizationUsers.removeFromSystem()
                          : LL.organizationUsers.removeFromOrganization()}
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
