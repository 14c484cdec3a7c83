import { Toast, Toaster as ArkToaster } from '@ark-ui/react/toast'
import { createStyleContext } from '../../styled-system/jsx'
import { toast } from '../../styled-system/recipes'
import { Button } from './button'
import { IconButton } from './icon-button'
import { XIcon } from './icons'
import { replayingStore, toastStore } from './toast-store'

/*
 * The region that shows the toasts of `toaster` (toast.tsx). Not in the kit's barrel: the app loads it
 * with the first toast (app/App.tsx), so its kit stays out of the first load.
 */

const { withProvider, withContext } = createStyleContext(toast)

const Root = withProvider(Toast.Root, 'root')
const Title = withContext(Toast.Title, 'title')
const Description = withContext(Toast.Description, 'description')
const ActionTrigger = withContext(Toast.ActionTrigger, 'actionTrigger')
const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger')

const toasterStore = replayingStore(toastStore)

export interface ToasterProps {
  /** Name of the notifications region, e.g. "Notifications". */
  label: string
  /** Name of each toast's close button, e.g. "Close". */
  closeLabel: string
}

export function Toaster({ label, closeLabel }: ToasterProps) {
  return (
    <ArkToaster toaster={toasterStore} aria-label={label}>
      {(t) => (
        <Root
          key={t.id}
          borderStartWidth="4px"
          borderStartColor="border.default"
          css={{
            '&[data-type=success]': { borderStartColor: 'teal.9' },
            '&[data-type=warning]': { borderStartColor: 'amber.9' },
            '&[data-type=info]': { borderStartColor: 'colorPalette.default' },
            '&[data-type=error]': { borderStartColor: 'red.9' },
          }}
        >
          <Title pe="8">{t.title}</Title>
          {t.description ? <Description>{t.description}</Description> : null}
          {t.action ? (
            <ActionTrigger asChild>
              <Button variant="link" size="sm">
                {t.action.label}
              </Button>
            </ActionTrigger>
          ) : null}
          {t.closable !== false ? (
            <CloseTrigger asChild>
              <IconButton aria-label={closeLabel} variant="ghost" size="sm">
                <XIcon />
              </IconButton>
            </CloseTrigger>
          ) : null}
        </Root>
      )}
    </ArkToaster>
  )
}
