import { useI18nContext } from '../../../../locales/i18n-react'
import { Stack } from '../../../../styled-system/jsx'
import { Button, Dialog, Portal } from '../../../ui'
import { useOrganizationTerms } from '../../shared/current'
import { InvitationImportPanel } from '../../users/import/InvitationImportPanel'

/**
 * The invite menu's "upload e-mails" (spec 001 §2 Class details students tab, §3 Invite upload): the file
 * import panel for this class, so that sending invites each one as a student of the organization and of
 * the class (POST /v1/invitations/batch/ with the class).
 */
export function UploadStudentsDialog({ organizationId, groupId, className, onClose, onSent }: {
  organizationId: number
  groupId: number
  className: string
  onClose: () => void
  /** Invitations were sent: the class's counts follow. */
  onSent: () => void
}) {
  const { LL } = useI18nContext()
  const terms = useOrganizationTerms(organizationId)
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: '3xl' }} maxH="90vh" overflowY="auto">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{LL.invitationImport.fromFileTitle()}</Dialog.Title>
                <Dialog.Description>{LL.classDetails.addTitle({ name: className })}</Dialog.Description>
              </Stack>
              <InvitationImportPanel organizationId={organizationId} kind="emails" terms={terms} groupId={groupId} onSent={onSent} />
              <Stack direction="row" justify="flex-end">
                <Button variant="outline" onClick={onClose}>
                  {LL.common.close()}
                </Button>
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
