import type { ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { Dialog, IconButton, Portal, XIcon } from '../../ui'

/**
 * A modal dialog of the organization screens (the organization form, the status confirmations):
 * title, optional description, body; Escape or the close button closes it, a click outside does not.
 */
export function OrganizationDialog({
  onClose,
  title,
  description,
  wide = false,
  children,
}: {
  onClose: () => void
  title: string
  description?: ReactNode
  /** The organization form's width (spec §2: about 755 px). */
  wide?: boolean
  children: ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root
      open
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
          <Dialog.Content w="full" maxW={wide ? '755px' : 'lg'} maxH="calc(100dvh - 2rem)" overflowY="auto">
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <Stack gap="1" pe="8">
                <Dialog.Title>{title}</Dialog.Title>
                {description ? <Dialog.Description>{description}</Dialog.Description> : null}
              </Stack>
              {children}
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
