import { useActorRef, useSelector } from '@xstate/react'
import { Link as RouterLink, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { isOrgAdmin, isSuperuser } from '../../../machines/roles'
import { organizationPageMachine } from '../../../machines/organization-page'
import type { OrganizationRole } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Box, Flex, HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { loadOrganization } from '../../api/organization-users'
import { rememberOrganization } from '../../app/known-organizations'
import { paths } from '../../app/paths'
import { useCurrentUser } from '../../app/root-context'
import { CheckIcon, ErrorPanel, Heading, Spinner, Text, XIcon } from '../../ui'
import { LoadFailed } from '../shared/LoadFailed'
import { usePageTitle } from '../shared/page'
import { useTerms } from '../shared/terms'
import { OrganizationProfileView } from './profile/OrganizationProfileView'
import { UsersView } from './UsersView'
import { readUsersQuery } from './users-query'

const menuLink = css({
  display: 'block',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'gray.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'colorPalette.a3', color: 'colorPalette.text', fontWeight: 'semibold' },
})

/**
 * The organization page (spec §2): /organization/{id}/{tab} and the platform admin's
 * /admin/organization/{id}. Name, verified and active icons, logo; a left menu of users (admins
 * only: all, students, teachers, admins) and profile; the chosen view.
 */
export function OrganizationShell({ organizationId, tab, admin }: { organizationId: number; tab: string | undefined; admin: boolean }) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const user = useCurrentUser()
  const [, navigate] = useLocation()
  const search = useSearch()
  const page = useActorRef(
    organizationPageMachine.provide({
      actors: { loadOrganization },
      actions: {
        announceLoaded: (_, { organization }) =>
          rememberOrganization(organization.id, { name: organization.name, type: organization.type, timezone: organization.timezone }),
        leaveMissing: () => {
          if (admin) navigate(paths.admin(), { replace: true })
        },
      },
    }),
    { input: { organizationId } },
  )
  const organization = useSelector(page, (s) => s.context.organization)
  const state = useSelector(page, (s) => s.value)
  const error = useSelector(page, (s) => s.context.error)
  const terms = useTerms(organization?.type)
  const superuser = isSuperuser(user)
  const canManage = isOrgAdmin(user, organizationId)
  usePageTitle(organization?.name ?? LL.nav.titles.organization())

  if (state === 'missing') return <ErrorPanel messages={[t.notFound()]} />
  if (!organization)
    return state === 'failed' ? (
      <LoadFailed title={t.loadFailed()} messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => page.send({ type: 'organization.retry' })} />
    ) : (
      <Spinner label={LL.common.loading()} />
    )

  const base = admin ? paths.adminOrganization(organizationId) : paths.organization(organizationId)
  const view = admin ? (canManage ? 'users' : 'profile') : tab === 'profile' || !canManage ? 'profile' : 'users'
  const role = readUsersQuery(search).roles[0]
  const usersHref = (value?: OrganizationRole) => {
    const href = admin ? base : paths.organization(organizationId, 'users')
    return value ? `${href}?role=${value}` : href
  }
  const profileHref = admin ? `${base}?view=profile` : paths.organization(organizationId, 'profile')
  const showProfile = admin ? new URLSearchParams(search).get('view') === 'profile' : view === 'profile'
  const usersTitle = role === 'student' ? terms.students() : role === 'teacher' ? terms.teachers() : role === 'admin' ? t.admins() : t.allUsers()
  const active = (value: OrganizationRole | undefined) => !showProfile && role === value

  return (
    <Stack gap="6">
      {admin && superuser ? (
        <RouterLink href={paths.admin()} className={css({ color: 'colorPalette.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
          ← {t.backToList()}
        </RouterLink>
      ) : null}
      <Flex gap="4" align="center" wrap="wrap">
        {organization.logo_url ? (
          <img src={organization.logo_url} alt="" width={48} height={48} className={css({ objectFit: 'contain', borderRadius: 'l2' })} />
        ) : null}
        <Heading as="h1" size="2xl" wordBreak="break-word">
          {organization.name}
        </Heading>
        <HStack gap="3" color="fg.muted" fontSize="sm">
          <HStack gap="1">
            {organization.is_verified ? <CheckIcon aria-hidden="true" /> : <XIcon aria-hidden="true" />}
            <Text as="span">{organization.is_verified ? t.verified() : t.notVerified()}</Text>
          </HStack>
          <HStack gap="1">
            <Box w="2.5" h="2.5" borderRadius="full" bg={organization.status === 'active' ? 'green.9' : 'gray.9'} aria-hidden="true" />
            <Text as="span">{organization.status === 'active' ? t.active() : t.disabled()}</Text>
          </HStack>
        </HStack>
      </Flex>
      <Flex gap="6" direction={{ base: 'column', md: 'row' }} align="flex-start">
        {/* a column beside the view from md up; above it on a phone, a few rows of links rather than a column of five */}
        <nav aria-label={t.menu()} className={css({ w: { base: 'full', md: '56' }, flexShrink: 0 })}>
          <ul
            className={css({
              listStyle: 'none',
              p: '0',
              m: '0',
              display: 'flex',
              flexDirection: { base: 'row', md: 'column' },
              flexWrap: 'wrap',
              alignItems: { base: 'flex-end', md: 'stretch' },
              gap: '1',
            })}
          >
            {canManage ? (
              <li>
                <Text as="span" display="block" px="3" py="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                  {t.users()}
                </Text>
                <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: { base: 'row', md: 'column' }, flexWrap: 'wrap', gap: { base: '1', md: '0' } })}>
                  {([undefined, 'student', 'teacher', 'admin'] as const).map((value) => (
                    <li key={value ?? 'all'}>
                      <RouterLink href={usersHref(value)} className={menuLink} aria-current={active(value) ? 'page' : undefined}>
                        {value === 'student' ? terms.students() : value === 'teacher' ? terms.teachers() : value === 'admin' ? t.admins() : t.allUsers()}
                      </RouterLink>
                    </li>
                  ))}
                </ul>
              </li>
            ) : null}
            <li>
              <RouterLink href={profileHref} className={menuLink} aria-current={showProfile ? 'page' : undefined}>
                {t.profile()}
              </RouterLink>
            </li>
          </ul>
        </nav>
        <Box flex="1" minW="0" w="full">
          {showProfile || !canManage ? (
            <OrganizationProfileView organization={organization} onChanged={() => page.send({ type: 'organization.reload' })} />
          ) : (
            <UsersView
              key={organizationId}
              organizationId={organizationId}
              organizationName={organization.name}
              terms={terms}
              canInvite={canManage}
              canRemoveFromSystem={superuser}
              title={usersTitle}
            />
          )}
        </Box>
      </Flex>
    </Stack>
  )
}
