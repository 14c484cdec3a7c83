import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { Stack } from '../../styled-system/jsx'
import { PageHeader } from '../features/shared/page'
import { Button, Text } from '../ui'
import { paths } from './paths'

/** An organization route of an organization the person is not a member of (or that does not exist). */
export function NotMemberPage() {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" maxW="prose">
      <PageHeader title={LL.errors.notMemberPage.title()} />
      <Text>{LL.errors.notMemberPage.text()}</Text>
      <div>
        <Button asChild>
          <RouterLink href={paths.home()}>{LL.errors.notMemberPage.action()}</RouterLink>
        </Button>
      </div>
    </Stack>
  )
}
