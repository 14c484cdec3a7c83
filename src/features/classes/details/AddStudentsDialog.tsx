import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { classAddStudentsMachine } from '../../../../machines/class-add-students'
import { Stack } from '../../../../styled-system/jsx'
import { addStudents } from '../../../api/class-details'
import { errorMessages } from '../../../api/errors'
import { Button, Checkbox, Dialog, ErrorPanel, Portal, toaster } from '../../../ui'
import { EmailTags } from '../../shared/EmailTags'
import { useAddedSummary } from './added-summary'
import { useClassWording } from './wording'

/**
 * The class's e-mail invite form (spec 001 §2 E-mail invite form, §5 E-mail tags; §6 the invite role
 * for a class is student): addresses as tags, the consent box, Invite (disabled until an address is
 * given) and Cancel. As in the wizard: with consent students of the organization join at once and
 * others are invited to the class; without it everyone is invited. The toast says what happened to whom.
 */
export function AddStudentsDialog({ organizationId, groupId, className, onClose, onAdded }: {
  organizationId: number
  groupId: number
  className: string
  onClose: () => void
  onAdded: () => void
}) {
  const { LL } = useI18nContext()
  const w = useClassWording(organizationId)
  const summary = useAddedSummary(organizationId)
  const adding = useActorRef(
    classAddStudentsMachine.provide({
      actors: { addStudents },
      actions: {
        announceAdded: (_, { added, invited, already }) => {
          toaster.success(summary({ added, invited, skipped: { in_class: already } }))
          onAdded()
        },
      },
    }),
    { input: { organizationId, groupId } },
  )
  const busy = useSelector(adding, (s) => s.hasTag('busy'))
  const error = useSelector(adding, (s) => s.context.error)
  const [emails, setEmails] = useState<string[]>([])
  const [consent, setConsent] = useState(true)

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open || busy ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'lg' }}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                if (emails.length > 0) adding.send({ type: 'students.add', emails, consent })
              }}
            >
              <Stack gap="5" p="6">
                <Stack gap="1">
                  <Dialog.Title>{w.addTitle({ name: className })}</Dialog.Title>
                  <Dialog.Description>{w.addDescription()}</Dialog.Description>
                </Stack>
                {error ? <ErrorPanel messages={errorMessages(error, LL.common.genericError())} /> : null}
                <EmailTags value={emails} onValueChange={setEmails} />
                <Checkbox checked={consent} onCheckedChange={(details) => setConsent(details.checked === true)}>
                  {w.consent()}
                </Checkbox>
                <Stack direction="row" gap="3" justify="flex-end" flexWrap="wrap">
                  <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="submit" loading={busy} disabled={emails.length === 0}>
                    {w.invite()}
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
