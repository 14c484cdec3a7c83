import type { ReactNode } from 'react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { ApiFailure, OrganizationUser } from '../../../../machines/types'
import { css } from '../../../../styled-system/css'
import { Flex, Grid, HStack, Stack } from '../../../../styled-system/jsx'
import { errorMessage } from '../../../api/errors'
import { Avatar, Badge, Button, ErrorPanel, Heading, Spinner } from '../../../ui'
import { Details } from '../../shared/Details'
import { usePageTitle } from '../../shared/page'
import { displayName } from './people-query'

export interface PersonDetailsProps {
  /** The person, or null while loading (or when the load failed). */
  person: OrganizationUser | null
  /** The load failed: the message and a retry. */
  failure: { message: string; error: ApiFailure | null; retry: () => void } | null
  back: { href: string; label: string }
  /** The page's title while the person is not loaded. */
  fallbackTitle: string
  /** The actions beside the name (admins only). */
  actions?: ReactNode
  /** More rows of the profile box (a teacher's department and title). */
  moreProfile?: [string, string][]
  /** More sections under the profile box. */
  children?: ReactNode
}

/**
 * A student's or teacher's details page (spec §2): the back link, the name with the actions, and the
 * profile box. The page is as wide as the reports under it: on a wide screen the profile and the
 * sections after it (roles, classes) stand side by side, at 360 px one under the other.
 */
export function PersonDetails({ person, failure, back, fallbackTitle, actions, moreProfile = [], children }: PersonDetailsProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.people
  const name = person ? displayName(person) : fallbackTitle
  usePageTitle(name)

  const backLink = (
    <RouterLink href={back.href} className={css({ color: 'colorPalette.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
      ← {back.label}
    </RouterLink>
  )
  if (failure)
    return (
      <Stack gap="4" align="flex-start">
        {backLink}
        <ErrorPanel messages={[failure.message, errorMessage(failure.error, LL.common.genericError(), LL.errors.network())]} />
        <Button variant="outline" onClick={failure.retry}>
          {LL.common.retry()}
        </Button>
      </Stack>
    )
  if (!person) return <Spinner label={LL.common.loading()} />

  const dash = LL.common.notAvailable()
  const profile: [string, string][] = [
    [t.firstName(), person.first_name || dash],
    [t.lastName(), person.last_name || dash],
    [t.email(), person.email],
    [t.username(), person.username || dash],
    [t.phone(), person.phone_number ? `${person.phone_code ?? ''} ${person.phone_number}`.trim() : dash],
    [t.joined(), LL.common.date({ value: person.joined_at })],
    ...moreProfile,
  ]

  return (
    <Stack gap="6" data-person-details>
      {backLink}
      <Flex gap="4" align="center" wrap="wrap">
        <Avatar name={name} src={person.photo_url} decorative size="lg" />
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {name}
        </Heading>
        {person.is_active ? null : <Badge variant="subtle">{LL.organizationUsers.memberStatus.disabled()}</Badge>}
        {actions ? (
          <HStack gap="2" ms={{ base: '0', sm: 'auto' }} flexWrap="wrap">
            {actions}
          </HStack>
        ) : null}
      </Flex>
      <Grid gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="6" alignItems="start">
        <Stack gap="3" as="section" aria-labelledby="person-profile">
          <Heading as="h2" size="lg" id="person-profile">
            {t.profile()}
          </Heading>
          <Details entries={profile} />
        </Stack>
        {children ? <Stack gap="6">{children}</Stack> : null}
      </Grid>
    </Stack>
  )
}
