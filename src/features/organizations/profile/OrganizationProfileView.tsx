import { useI18nContext } from '../../../../locales/i18n-react'
import type { Organization } from '../../../../machines/types'
import { Grid, Stack } from '../../../../styled-system/jsx'
import { Heading, Text } from '../../../ui'
import { useTerms } from '../../shared/terms'

export interface OrganizationProfileViewProps {
  organization: Organization
  /** Called after the organization was changed here, so the page loads it again. */
  onChanged: () => void
}

/** The profile view of the organization page: its details, read-only. */
export function OrganizationProfileView({ organization }: OrganizationProfileViewProps) {
  const { LL } = useI18nContext()
  const terms = useTerms(organization.type)
  const t = LL.organizationUsers
  const dash = LL.common.notAvailable()
  const rows: [string, string | null][] = [
    [t.name(), organization.name],
    [t.type(), terms.organization()],
    [t.address(), [organization.address_1, organization.address_2].filter(Boolean).join(', ') || null],
    [t.city(), organization.city],
    [t.state(), organization.state],
    [t.postalCode(), organization.postal_code],
    [t.country(), organization.country],
    [t.phone(), organization.phone],
    [t.timezone(), organization.timezone],
  ]
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        {t.organizationDetails()}
      </Heading>
      <Grid as="dl" gridTemplateColumns={{ base: '1fr', sm: 'minmax(8rem, max-content) 1fr' }} columnGap="6" rowGap="2">
        {rows.map(([label, value]) => (
          <Stack key={label} display="contents">
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" m="0" mb={{ base: '2', sm: '0' }}>
              {value || dash}
            </Text>
          </Stack>
        ))}
      </Grid>
    </Stack>
  )
}
