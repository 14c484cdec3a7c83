import { type ReactNode, useEffect } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { Heading, Text } from '../../ui'

/** Sets the document title to "<page> · Pronunciation Portal" while the screen is shown. */
export function usePageTitle(page: string): void {
  const { LL } = useI18nContext()
  useEffect(() => {
    document.title = LL.nav.documentTitle({ page })
  }, [LL, page])
}

/** A screen's heading (the page's one h1) with an optional line under it. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title)
  return (
    <Stack gap="2" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children ? <Text color="fg.muted">{children}</Text> : null}
    </Stack>
  )
}

/** A screen of an area that a later version builds: its name and a plain statement that it is not built yet. */
export function AreaPlaceholder({ area }: { area: string }) {
  const { LL } = useI18nContext()
  return (
    <section aria-labelledby="area-placeholder-title">
      <Stack gap="3" maxW="prose">
        <PageHeaderWithId id="area-placeholder-title" title={area} />
        <Text>{LL.common.notBuiltYetArea({ area })}</Text>
      </Stack>
    </section>
  )
}

function PageHeaderWithId({ id, title }: { id: string; title: string }) {
  usePageTitle(title)
  return (
    <Heading as="h1" size="2xl" id={id}>
      {title}
    </Heading>
  )
}
