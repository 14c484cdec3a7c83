import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { Stack } from '../../styled-system/jsx'
import { PageHeader } from '../features/shared/page'
import { Button, Text } from '../ui'
import { paths } from './paths'

export function NotFoundPage() {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" maxW="prose">
      <PageHeader title={LL.errors.notFoundPage.title()} />
      <Text>{LL.errors.notFoundPage.text()}</Text>
      <div>
        <Button asChild>
          <RouterLink href={paths.home()}>{LL.errors.notFoundPage.action()}</RouterLink>
        </Button>
      </div>
    </Stack>
  )
}
