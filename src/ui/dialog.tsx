import { Dialog } from '@ark-ui/react/dialog'
import { createStyleContext } from '../../styled-system/jsx'
import { dialog } from '../../styled-system/recipes'

/**
 * A modal dialog (Ark Dialog, focus trapped, Escape closes). Compose:
 *   <Dialog.Root open onOpenChange={(d) => ...}>
 *     <Portal><Dialog.Backdrop /><Dialog.Positioner><Dialog.Content>
 *       <Dialog.Title/> <Dialog.Description/> ... <Dialog.CloseTrigger asChild><IconButton aria-label=.../></Dialog.CloseTrigger>
 *     </Dialog.Content></Dialog.Positioner></Portal>
 *   </Dialog.Root>
 * Use `role="alertdialog"` on Root for confirmations.
 */
const { withRootProvider, withContext } = createStyleContext(dialog)

export const Root = withRootProvider(Dialog.Root)
export const RootProvider = withRootProvider(Dialog.RootProvider)
export const Trigger = withContext(Dialog.Trigger, 'trigger')
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop')
export const Positioner = withContext(Dialog.Positioner, 'positioner')
export const Content = withContext(Dialog.Content, 'content')
export const Title = withContext(Dialog.Title, 'title')
export const Description = withContext(Dialog.Description, 'description')
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger')
export { DialogContext as Context } from '@ark-ui/react/dialog'
