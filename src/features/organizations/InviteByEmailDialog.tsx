import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { emailInviteMachine } from '../../../machines/email-invite'
import type { OrganizationRole } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { errorMessages } from '../../api/errors'
import { inviteByEmail } from '../../api/organization-users'
import { Button, Dialog, ErrorPanel, Portal, Select, toaster } from '../../ui'
import { EmailTags } from '../shared/EmailTags'
import { ROLES, roleLabel, type Terms } from '../shared/terms'

export interface InviteByEmailDialogProps {
  organizationId: number
  organizationName: string
  terms: Terms
  /** The role of everyone invited, without a role select (§6: teachers are invited as teachers). */
  fixedRole?: OrganizationRole
  onClose: () => void
  /** The invitations went out (this many addresses): the list reloads. */
  onSent: (count: number) => void
}

/** Invite by e-mail (spec §2, §5 E-mail tags): addresses as tags, invalid ones shown and refused; one role, student by default. */
export function InviteByEmailDialog({ organizationId, organizationName, terms, fixedRole, onClose, onSent }: InviteByEmailDialogProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const invite = useActorRef(
    emailInviteMachine.provide({
      actors: { inviteByEmail },
      actions: {
        announceSent: (_, { count, renewed }) => {
          if (count > 0) toaster.success({ title: t.invited({ count }) })
          if (renewed > 0) toaster.info({ title: t.renewed({ count: renewed }) })
          onSent(count + renewed)
        },
      },
    }),
    { input: { organizationId } },
  )
  const busy = useSelector(invite, (s) => s.hasTag('busy'))
  const error = useSelector(invite, (s) => s.context.error)
  const [emails, setEmails] = useState<string[]>([])
  const [role, setRole] = useState<OrganizationRole | ''>(fixedRole ?? 'student')
  const [tried, setTried] = useState(false)

  const send = () => {
    setTried(true)
    if (emails.length === 0 || role === '') return
    invite.send({ type: 'invite.send', invite: { emails, role } })
  }

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'lg' }}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                send()
              }}
            >
              <Stack gap="5" p="6">
                <Stack gap="1">
                  <Dialog.Title>{t.inviteTitle()}</Dialog.Title>
                  <Dialog.Description>{t.inviteDescription({ organization: organizationName })}</Dialog.Description>
                </Stack>
                {error ? <ErrorPanel messages={errorMessages(error, LL.common.genericError())} /> : null}
                <EmailTags value={emails} onValueChange={setEmails} missing={tried && emails.length === 0} />
                {fixedRole ? null : (
                  <Select
                    label={t.role()}
                    placeholder={t.selectRole()}
                    items={ROLES.map((value) => ({ value, label: roleLabel(terms, value) }))}
                    value={role ? [role] : []}
                    onValueChange={(value) => setRole((value[0] as OrganizationRole | undefined) ?? '')}
                    errorText={tried && role === '' ? t.pleaseSelectRole() : undefined}
                    required
                  />
                )}
                <Stack direction="row" gap="3" justify="flex-end" flexWrap="wrap">
                  <Button type="button" variant="outline" onClick={onClose}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="submit" loading={busy}>
                    {t.sendInvitations()}
                  </Button>
                </Stack>
              </Stack>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
