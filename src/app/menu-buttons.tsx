import { forwardRef } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import type { User } from '../../machines/types'
import { Box } from '../../styled-system/jsx'
import { Avatar, Button, ChevronDownIcon, initials, type ButtonProps } from '../ui'

/**
 * The buttons of the header's menus: each stands in for its menu until the menus' code has come
 * (TopNav.tsx), then is the menu's trigger (TopNavMenus.tsx), so the header looks and reads the same.
 */

/** What a person did to a stand-in before the menus came: the menu opens at once, or its button takes the focus. */
export type MenuStart = 'click' | 'focus'

/** The user's name as the header shows it (the e-mail when they gave none). */
export const userName = (user: User): string => `${user.first_name} ${user.last_name}`.trim() || user.email

/** The user menu's button: the avatar (initials or photo) and, from sm up, a chevron. */
export const UserMenuButton = forwardRef<HTMLButtonElement, ButtonProps & { user: User }>(function UserMenuButton({ user, ...props }, ref) {
  const { LL } = useI18nContext()
  const name = userName(user)
  return (
    <Button ref={ref} variant="ghost" size="sm" aria-label={LL.nav.userMenu({ initials: initials(name), name })} aria-haspopup="menu" px="1" {...props}>
      <Avatar name={name} src={user.photo_url} decorative size="sm" />
      <Box as="span" display={{ base: 'none', sm: 'inline-flex' }}>
        <ChevronDownIcon />
      </Box>
    </Button>
  )
})

/** The organization switcher's button: the current organization's name, cut to fit, and a chevron. */
export const OrganizationMenuButton = forwardRef<HTMLButtonElement, ButtonProps & { name: string }>(function OrganizationMenuButton({ name, ...props }, ref) {
  const { LL } = useI18nContext()
  return (
    <Button
      ref={ref}
      variant="outline"
      size="sm"
      aria-label={`${LL.nav.switchOrganization()}: ${LL.nav.currentOrganization({ name })}`}
      aria-haspopup="menu"
      {...props}
    >
      <Box as="span" maxW={{ base: '24', sm: '48' }} overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
        {name}
      </Box>
      <ChevronDownIcon />
    </Button>
  )
})
