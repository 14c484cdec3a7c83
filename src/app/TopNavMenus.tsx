import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { Menu, Text, useColorMode } from '../ui'
import { LanguageSubmenu } from './LanguageSubmenu'
import { OrganizationMenuButton, UserMenuButton, userName, type MenuStart } from './menu-buttons'
import { userMenuLinks } from './nav'
import { paths } from './paths'
import { selectOrganizationId, selectUser, useSession } from './root-context'

/*
 * The header's menus (Ark's menu, its positioning and dismissal: some 35 KB): loaded by TopNav when the
 * browser is idle after a page came, or when a person points at, focuses or clicks one of their buttons
 * (menu-buttons.tsx), which stand in their place until then. `start` says what the person did meanwhile:
 * the menu opens at once for a click, and its button takes the focus the stand-in had.
 */

/** Gives the button the focus its stand-in had. */
const useFocusAtStart = (start: MenuStart | undefined) => {
  const trigger = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (start === 'focus') trigger.current?.focus()
  }, [start])
  return trigger
}

/** The menu to switch to another of the user's organizations (TopNav shows it for two or more, not for a platform admin). */
export function OrganizationSwitcher({ current, start }: { current: { name: string }; start?: MenuStart | undefined }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const user = useSelector(session, selectUser)
  const organizationId = useSelector(session, selectOrganizationId)
  const [, navigate] = useLocation()
  const trigger = useFocusAtStart(start)
  const { switchable } = userMenuLinks(user, organizationId)
  return (
    <Menu.Root
      defaultOpen={start === 'click'}
      onSelect={({ value }) => {
        const id = Number(value.replace(/^org:/, ''))
        session.send({ type: 'session.switchOrganization', organizationId: id })
        navigate(paths.dashboard(id))
      }}
    >
      <Menu.Trigger asChild>
        <OrganizationMenuButton ref={trigger} name={current.name} />
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
export function UserMenu({ onNavigate, onOpen, start }: { onNavigate: (href: string) => void; onOpen: () => void; start?: MenuStart | undefined }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const user = useSelector(session, selectUser)
  const organizationId = useSelector(session, selectOrganizationId)
  const [mode, setMode] = useColorMode()
  const trigger = useFocusAtStart(start)
  if (!user) return null
  const links = userMenuLinks(user, organizationId)
  const name = userName(user)

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
    <Menu.Root
      defaultOpen={start === 'click'}
      onSelect={({ value }) => onSelect(value)}
      onOpenChange={({ open }) => (open ? onOpen() : undefined)}
      positioning={{ placement: 'bottom-end' }}
    >
      <Menu.Trigger asChild>
        <UserMenuButton ref={trigger} user={user} />
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
