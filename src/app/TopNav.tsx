import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link as RouterLink, useLocation } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { membershipOf } from '../../machines/roles'
import { css } from '../../styled-system/css'
import { Box, Flex, HStack } from '../../styled-system/jsx'
import { IconButton, Text } from '../ui'
import { useTerms } from '../features/shared/terms'
import { useKnownOrganization } from './known-organizations'
import { OrganizationMenuButton, UserMenuButton, type MenuStart } from './menu-buttons'
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

type Menus = typeof import('./TopNavMenus')
type Which = 'user' | 'organization'

/** The header's menus, once their code came (useMenus): kept for the page's life. */
let loadedMenus: Menus | null = null

/**
 * The header's menus (TopNavMenus.tsx), whose code comes when it is wanted, not with the page: when the
 * browser is first idle after the header came (a page's own code and data go first), or at once when a
 * person points at, focuses, presses or clicks a menu's button. Until it came the button is a stand-in
 * (menu-buttons.tsx), the same element throughout, replaced once by the menu's own. A press or the focus
 * on a stand-in is the menu's start: it opens when it comes, or its button takes the focus.
 */
function useMenus() {
  const [menus, setMenus] = useState(loadedMenus)
  const [wanted, setWanted] = useState(loadedMenus !== null)
  const [start, setStart] = useState<{ start: MenuStart; which: Which } | null>(null)
  useEffect(() => {
    if (menus) return
    if (wanted) {
      import('./TopNavMenus').then((loaded) => setMenus((loadedMenus = loaded)), () => undefined)
      return
    }
    const want = () => setWanted(true)
    const idle = window.requestIdleCallback?.(want, { timeout: 5000 })
    const fallback = idle === undefined ? setTimeout(want, 2000) : undefined
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle)
      clearTimeout(fallback)
    }
  }, [menus, wanted])
  const standIn = (which: Which) => {
    // a press (a mouse's opens a menu on pointer down) or a click (the keyboard's Enter and Space)
    const press = () => {
      setWanted(true)
      setStart({ start: 'click', which })
    }
    return {
      onPointerEnter: () => setWanted(true),
      onFocus: () => {
        setWanted(true)
        setStart((now) => now ?? { start: 'focus', which })
      },
      onPointerDown: press,
      onClick: press,
    }
  }
  const startOf = (which: Which) => (start?.which === which ? start.start : undefined)
  return { menus, standIn, startOf }
}

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
  const membership = membershipOf(user, organizationId)
  const terms = useTerms(membership?.type ?? known?.type)
  const { menus, standIn, startOf } = useMenus()
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
        {/* the current organization, and a menu to switch to another of the user's organizations (not for a platform admin) */}
        {user.is_superuser || !membership ? null : userMenuLinks(user, organizationId).switchable.length < 2 ? (
          <Text as="span" size="sm" color="fg.muted" display={{ base: 'none', sm: 'inline' }} title={LL.nav.currentOrganization({ name: membership.name })}>
            {membership.name}
          </Text>
        ) : menus ? (
          <menus.OrganizationSwitcher current={membership} start={startOf('organization')} />
        ) : (
          <OrganizationMenuButton name={membership.name} {...standIn('organization')} />
        )}
        {menus ? (
          <menus.UserMenu onNavigate={(href) => navigate(href)} onOpen={() => setOpen(false)} start={startOf('user')} />
        ) : (
          <UserMenuButton user={user} {...standIn('user')} />
        )}
      </HStack>
    </Flex>
  )
}

