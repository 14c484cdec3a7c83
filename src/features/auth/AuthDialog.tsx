import type { ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { Dialog, IconButton, Portal, XIcon } from '../../ui'

// Apart from parts.tsx: the dialog kit (focus trap, scroll lock) stays out of the login page's first load.

/** A modal dialog of the auth flows: title, optional description, body; Escape or the close button closes it. */
export function AuthDialog({
  open,
  onClose,
  title,
  description,
  children,
  closable = true,
}: {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  closable?: boolean
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      closeOnInteractOutside={false}
      closeOnEscape={closable}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="full" maxW="lg">
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <Stack gap="1" pe="8">
                <Dialog.Title>{title}</Dialog.Title>
                {description ? <Dialog.Description>{description}</Dialog.Description> : null}
              </Stack>
              {children}
            </Stack>
            {closable ? (
              <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
                <IconButton aria-label={LL.common.close()} variant="ghost" size="sm">
                  <XIcon />
                </IconButton>
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
