import { useSelector } from '@xstate/react'
import { useId, useRef, useState } from 'react'
import { Link as RouterLink, useLocation } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { membershipOf } from '../../machines/roles'
import { css } from '../../styled-system/css'
import { Box, Flex, HStack } from '../../styled-system/jsx'
import { Avatar, Button, ChevronDownIcon, IconButton, initials, Menu, Text, useColorMode } from '../ui'
import { useTerms } from '../features/shared/terms'
import { useKnownOrganization } from './known-organizations'
import { LanguageSubmenu } from './LanguageSubmenu'
import { currentEntry, navEntries, type NavEntry, userMenuLinks } from './nav'
import { paths } from './paths'
import { selectOrganizationId, selectUser, useSession } from './root-context'

const linkStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '10',
  px: '3',
  borderRadius: 'l2',
  color: 'fg.default',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { bg: 'gray.a3' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  '&[aria-current=page]': { bg: 'colorPalette.a3', color: 'colorPalette.text' },
})

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  )
}

/** The top navigation of a logged-in user (spec §2): entries by role, the organization switcher and the user menu. */
export function TopNav() {
  const { LL } = useI18nContext()
  const session = useSession()
  const user = useSelector(session, selectUser)
  const organizationId = useSelector(session, selectOrganizationId)
  const [location, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const known = useKnownOrganization(organizationId)
  const terms = useTerms(membershipOf(user, organizationId)?.type ?? known?.type)
  if (!user) return null

  const entries = navEntries(user, organizationId, known?.name)
  const current = currentEntry(entries, location)
  // classes, teachers and students are worded by the organization's type (§1)
  const label = (entry: NavEntry): string =>
    entry.key === 'organization'
      ? (entry.label ?? LL.nav.titles.organization())
      : entry.key === 'classes' || entry.key === 'teachers' || entry.key === 'students'
        ? terms[entry.key]()
        : LL.nav[entry.key]()

  const links = (vertical: boolean) => (
    <ul className={css({ display: 'flex', flexDirection: vertical ? 'column' : 'row', gap: '1', listStyle: 'none', p: '0', m: '0' })}>
      {entries.map((entry) => (
        <li key={entry.key}>
          <RouterLink
            href={entry.href}
            className={linkStyle}
            aria-current={entry.key === current ? 'page' : undefined}
            onClick={() => setOpen(false)}
          >
            {label(entry)}
          </RouterLink>
        </li>
      ))}
    </ul>
  )

  return (
    <Flex wrap="wrap" align="center" gap={{ base: '1', md: '2' }} w="full">
      <RouterLink href={paths.home()} className={css({ fontWeight: 'bold', fontSize: { base: 'md', md: 'lg' }, color: 'fg.default', textDecoration: 'none', me: '2', whiteSpace: 'nowrap', borderRadius: 'l2', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' } })}>
        {LL.common.appName()}
      </RouterLink>
      <nav
        aria-label={LL.nav.mainNavigation()}
        className={css({ display: 'contents' })}
        // the phone's open menu closes with Escape, like the menus beside it, and gives focus back to its button
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return
          setOpen(false)
          toggle.current?.focus()
        }}
      >
        <Box display={{ base: 'none', md: 'block' }}>{links(false)}</Box>
        <Box display={{ base: 'block', md: 'none' }} order="3" ms="auto">
          <IconButton
            ref={toggle}
            variant="ghost"
            aria-label={open ? LL.nav.closeMenu() : LL.nav.openMenu()}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            <MenuIcon />
          </IconButton>
        </Box>
        <Box id={listId} hidden={!open} display={{ base: open ? 'block' : 'none', md: 'none' }} order="5" w="full" pb="2">
          {links(true)}
        </Box>
      </nav>
      <HStack gap={{ base: '1', md: '2' }} ms={{ base: '0', md: 'auto' }} order="4">
        <OrganizationSwitcher />
        <UserMenu onNavigate={(href) => navigate(href)} onOpen={() => setOpen(false)} />
      </HStack>
    </Flex>
  )
}

/** The current organization, and a menu to switch to another of the user's organizations (not for a platform admin). */
function OrganizationSwitcher() {
  const { LL } = useI18nContext()
  const session = useSession()
  const user = useSelector(session, selectUser)
  const organizationId = useSelector(session, selectOrganizationId)
  const [, navigate] = useLocation()
  const { switchable } = userMenuLinks(user, organizationId)
  const current = membershipOf(user, organizationId)
  if (!user || user.is_superuser || !current) return null
  if (switchable.length < 2)
    return (
      <Text as="span" size="sm" color="fg.muted" display={{ base: 'none', sm: 'inline' }} title={LL.nav.currentOrganization({ name: current.name })}>
        {current.name}
      </Text>
    )
  return (
    <Menu.Root
      onSelect={({ value }) => {
        const id = Number(value.replace(/^org:/, ''))
        session.send({ type: 'session.switchOrganization', organizationId: id })
        navigate(paths.dashboard(id))
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`${LL.nav.switchOrganization()}: ${LL.nav.currentOrganization({ name: current.name })}`}>
          <Box as="span" maxW={{ base: '24', sm: '48' }} overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
            {current.name}
          </Box>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>{LL.nav.yourOrganizations()}</Menu.ItemGroupLabel>
            {switchable.map((org) => (
              <Menu.Item key={org.id} value={`org:${org.id}`} aria-current={org.current ? 'true' : undefined}>
                {org.name}
              </Menu.Item>
            ))}
          </Menu.ItemGroup>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}

/** My profile, the organization's users and profile, organizations to switch to, language, color mode, logout. */
function UserMenu({ onNavigate, onOpen }: { onNavigate: (href: string) => void; onOpen: () => void }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const user = useSelector(session, selectUser)
  const organizationId = useSelector(session, selectOrganizationId)
  const [mode, setMode] = useColorMode()
  if (!user) return null
  const links = userMenuLinks(user, organizationId)
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email

  const onSelect = (value: string) => {
    if (value === 'logout') {
      session.send({ type: 'session.logout' })
      onNavigate(paths.login())
    } else if (value === 'color-mode') setMode(mode === 'dark' ? 'light' : 'dark')
    else if (value.startsWith('org:')) {
      const id = Number(value.slice(4))
      session.send({ type: 'session.switchOrganization', organizationId: id })
      onNavigate(paths.dashboard(id))
    } else if (value.startsWith('/')) onNavigate(value)
  }

  return (
    // opening it closes the phone's navigation menu, which it would otherwise cover in part
    <Menu.Root onSelect={({ value }) => onSelect(value)} onOpenChange={({ open }) => (open ? onOpen() : undefined)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={LL.nav.userMenu({ initials: initials(name), name })} px="1">
          <Avatar name={name} src={user.photo_url} decorative size="sm" />
          <Box as="span" display={{ base: 'none', sm: 'inline-flex' }}>
            <ChevronDownIcon />
          </Box>
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>
              {name}
              <Text as="span" display="block" size="xs" color="fg.muted" fontWeight="normal">
                {user.email}
              </Text>
            </Menu.ItemGroupLabel>
            <Menu.Item value={links.profile}>{LL.nav.myProfile()}</Menu.Item>
            {links.organizationUsers ? <Menu.Item value={links.organizationUsers}>{LL.nav.organizationUsers()}</Menu.Item> : null}
            {links.organizationProfile ? <Menu.Item value={links.organizationProfile}>{LL.nav.organizationProfile()}</Menu.Item> : null}
          </Menu.ItemGroup>
          {links.switchable.length > 0 ? (
            <>
              <Menu.Separator />
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{LL.nav.switchOrganization()}</Menu.ItemGroupLabel>
                {links.switchable.map((org) => (
                  <Menu.Item key={org.id} value={`org:${org.id}`} aria-current={org.current ? 'true' : undefined}>
                    {org.name}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            </>
          ) : null}
          <Menu.Separator />
          <LanguageSubmenu />
          <Menu.Item value="color-mode">{mode === 'dark' ? LL.common.switchToLight() : LL.common.switchToDark()}</Menu.Item>
          <Menu.Separator />
          <Menu.Item value="logout">{LL.nav.logout()}</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}
