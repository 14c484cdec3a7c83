import { useI18nContext } from '../../../../locales/i18n-react'
import type { Organization } from '../../../../machines/types'
import { Stack } from '../../../../styled-system/jsx'
import { Dialog, IconButton, Portal, XIcon } from '../../../ui'
import { OrganizationForm } from '../OrganizationForm'

/**
 * The platform admin's create-organization dialog (spec §2: about 755 px wide, the owner and the
 * verified checkbox shown in this context); full width on a narrow screen.
 */
export function CreateOrganizationDialog({
  open,
  lockedCountry,
  onClose,
  onCreated,
}: {
  open: boolean
  lockedCountry: string | null
  onClose: () => void
  onCreated: (organization: Organization) => void
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="full" maxW="755px" maxH="calc(100dvh - 2rem)" overflowY="auto">
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <Dialog.Title pe="8">{LL.organizationForm.createTitle()}</Dialog.Title>
              <OrganizationForm organization={null} adminContext lockedCountry={lockedCountry} onSaved={onCreated} onCancel={onClose} />
            </Stack>
            <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
              <IconButton aria-label={LL.common.close()} variant="ghost" size="sm">
                <XIcon />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
