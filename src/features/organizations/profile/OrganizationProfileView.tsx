import { useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { isOrgAdmin, isSuperuser } from '../../../../machines/roles'
import type { components } from '../../../../openapi/schema'
import { Grid, HStack, Stack, styled } from '../../../../styled-system/jsx'
import { useCurrentUser } from '../../../app/root-context'
import { Badge, Button, Card, Heading, toaster } from '../../../ui'
import { OrganizationFormDialog } from '../OrganizationFormDialog'
import { AdminsSection } from './AdminsSection'
import { LogoSection } from './LogoSection'
import { StatusSection } from './StatusSection'

type Organization = components['schemas']['Organization']

/**
 * The profile view of the organization page (spec §2): its details, logo, admins and the
 * invite-another-admin form, the edit dialog, and enable/disable/delete with the password (§6:
 * admin-only actions; the server enforces them too). Affiliate (§2: platform admin only) is not
 * shown: the server has no such field. The page shell loads the organization and reloads it on
 * `onChanged` (given the organization as the server now has it, when a call answered with it).
 */
export function OrganizationProfileView({ organization, onChanged }: { organization: Organization; onChanged: (next?: Organization) => void }) {
  const { LL, locale } = useI18nContext()
  const P = LL.organizationProfile
  const user = useCurrentUser()
  const superuser = isSuperuser(user)
  const canManage = isOrgAdmin(user, organization.id)
  const [editing, setEditing] = useState(false)
  const deleted = organization.deleted_at !== null

  const countryName = (iso2: string | null) => {
    if (!iso2) return null
    try {
      return new Intl.DisplayNames([locale], { type: 'region' }).of(iso2) ?? iso2
    } catch {
      return iso2
    }
  }
  const address = [organization.address_1, organization.address_2, organization.city, organization.state, organization.postal_code]
    .filter((part) => part && part.trim() !== '')
    .join(', ')
  // the fields are named as in the organization form that edits them
  const F = LL.organizationForm
  const details: [string, string | null][] = [
    [F.name(), organization.name],
    [F.type(), organization.type === 'company' ? LL.terms.company.organization() : LL.terms.school.organization()],
    [F.industry(), organization.industry ? F.industries[organization.industry]() : null],
    [P.address(), address || null],
    [F.country(), countryName(organization.country)],
    [P.phone(), organization.phone],
    [F.timezone(), organization.timezone],
    [P.invitationCode(), organization.invitation_code],
    [P.createdAt(), LL.common.date({ value: organization.created_at })],
  ]

  return (
    <Stack gap="6" minW="0">
      <HStack justify="space-between" alignItems="flex-start" flexWrap="wrap" gap="3">
        <Stack gap="2">
          <Heading as="h2" size="xl">
            {P.title()}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="outline">{organization.status === 'active' ? P.active() : P.inactive()}</Badge>
            <Badge variant="outline">{organization.is_verified ? P.verified() : P.notVerified()}</Badge>
          </HStack>
        </Stack>
        {canManage && !deleted ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
            {P.edit.button()}
          </Button>
        ) : null}
      </HStack>
      <Grid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Stack gap="6" minW="0">
          <Card.Root>
            <Card.Body pt="6">
              <section aria-labelledby="organization-details-title">
                <Stack gap="3">
                  <Heading as="h2" size="lg" id="organization-details-title">
                    {P.details()}
                  </Heading>
                  <styled.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="6" rowGap={{ base: '1', sm: '3' }}>
                    {details.map(([label, value]) => (
                      <styled.div key={label} display="contents">
                        <styled.dt color="fg.muted" fontSize="sm" mt={{ base: '2', sm: '0' }}>
                          {label}
                        </styled.dt>
                        <styled.dd overflowWrap="anywhere">{value ?? P.notSet()}</styled.dd>
                      </styled.div>
                    ))}
                  </styled.dl>
                </Stack>
              </section>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body pt="6">
              <LogoSection organization={organization} canManage={canManage && !deleted} onChanged={onChanged} />
            </Card.Body>
          </Card.Root>
        </Stack>
        {canManage && !deleted ? (
          <Card.Root>
            <Card.Body pt="6">
              <AdminsSection organizationId={organization.id} />
            </Card.Body>
          </Card.Root>
        ) : null}
      </Grid>
      {canManage ? (
        <Card.Root>
          <Card.Body pt="6">
            <StatusSection organization={organization} superuser={superuser} onChanged={onChanged} />
          </Card.Body>
        </Card.Root>
      ) : null}
      {editing ? (
        <OrganizationFormDialog
          organization={organization}
          adminContext={superuser}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false)
            toaster.success({ title: P.edit.saved() })
            onChanged(next)
          }}
        />
      ) : null}
    </Stack>
  )
}
