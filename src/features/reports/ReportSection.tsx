import type { ReactNode } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { Button, ErrorPanel, Heading } from '../../ui'
import { ReportRange, type ReportRangeActor } from './ReportRange'

/**
 * What every report shows around its figures: a region named by its heading, the date-interval picker,
 * and, when the report could not be read, why, with a retry.
 */
export function ReportSection({
  title,
  range,
  failed,
  error,
  spaced = false,
  children,
}: {
  title: string
  range: ReportRangeActor
  failed: boolean
  error: unknown
  /** Space above it, where it follows other content on the page. */
  spaced?: boolean
  children: ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" mt={spaced ? '8' : undefined} role="region" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <ReportRange range={range} />
      {failed ? (
        <Stack gap="2" alignItems="flex-start">
          <ErrorPanel messages={[LL.reports.failed(), errorMessage(error, LL.common.genericError(), LL.errors.network())]} />
          <Button variant="outline" onClick={() => range.send({ type: 'range.retry' })}>
            {LL.reports.retry()}
          </Button>
        </Stack>
      ) : null}
      {children}
    </Stack>
  )
}
