import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { Button, ErrorPanel } from '../../ui'

/** What a list or a page shows when it could not be read: why, in an error panel, and "Try again". */
export function LoadFailed({ title, messages, onRetry }: { title?: string; messages: string[]; onRetry: () => void }) {
  const { LL } = useI18nContext()
  return (
    <Stack gap="3" align="flex-start">
      <ErrorPanel title={title} messages={messages} />
      <Button variant="outline" onClick={onRetry}>
        {LL.common.retry()}
      </Button>
    </Stack>
  )
}
