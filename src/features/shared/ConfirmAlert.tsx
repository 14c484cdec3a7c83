import type { ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { Button, Dialog, Portal } from '../../ui'

/**
 * A yes/no question before an action that cannot be undone (revoke an invitation, refuse a request, reset
 * the join code), over the dialog it is asked from: Cancel, or the action in red. Closing it cancels.
 */
export function ConfirmAlert({
  title,
  description,
  confirmLabel,
  busy,
  outline = false,
  onConfirm,
  onCancel,
}: {
  title: string
  description: ReactNode
  confirmLabel: string
  busy: boolean
  /** The action as an outlined button (a refusal, which is no removal). */
  outline?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open ? undefined : onCancel())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description>{description}</Dialog.Description>
              </Stack>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end">
                <Button variant="outline" onClick={onCancel}>
                  {LL.common.cancel()}
                </Button>
                <Button variant={outline ? 'outline' : undefined} colorPalette="red" loading={busy} onClick={onConfirm}>
                  {confirmLabel}
                </Button>
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
