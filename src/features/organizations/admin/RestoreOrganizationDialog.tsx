import { useI18nContext } from '../../../../locales/i18n-react'
import { Stack } from '../../../../styled-system/jsx'
import { Button, Dialog, Portal } from '../../../ui'

/** Asks whether to restore a deleted organization (the admin list's deleted filter). */
export function RestoreOrganizationDialog({
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { LL } = useI18nContext()
  const T = LL.adminOrganizations.deletedOrganizations
  return (
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel()
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{T.confirmTitle({ name })}</Dialog.Title>
                <Dialog.Description>{T.confirmText()}</Dialog.Description>
              </Stack>
              <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
                <Button variant="outline" disabled={busy} onClick={onCancel}>
                  {LL.common.cancel()}
                </Button>
                <Button loading={busy} onClick={onConfirm}>
                  {T.restore()}
                </Button>
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
