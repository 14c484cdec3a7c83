import { useSelector } from '@xstate/react'
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react'
import { Link as RouterLink, useLocation } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { css } from '../../styled-system/css'
import { Box, Container, Flex, HStack } from '../../styled-system/jsx'
import { ColorModeToggle, Link, Spinner } from '../ui'
import { LanguageSelect } from './LanguagePicker'
import { paths } from './paths'
import { selectAuthenticated, selectRestoring, useSession } from './root-context'

/** The logged-in navigation is not needed on the login page: it is loaded when somebody is logged in. */
const TopNav = lazy(() => import('./TopNav').then((m) => ({ default: m.TopNav })))

const skipLink = css({
  position: 'absolute',
  insetStart: '2',
  top: '2',
  zIndex: 'skipLink',
  px: '4',
  py: '2',
  bg: 'bg.default',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  transform: 'translateY(-200%)',
  _focusVisible: { transform: 'none', outline: '2px solid', outlineColor: 'colorPalette.default' },
})

/**
 * The page frame: a skip-to-content link, a header (the top navigation when logged in; the
 * product name, language and color mode when not), the main region, a footer with the legal links.
 *
 * Nothing of the frame moves while a page arrives (issue 21: no layout shift). A saved login being
 * restored already has the logged-in header's place (the public header is taller on a phone), and a
 * logged-in page's main region is at least as tall as the window: the footer is below the fold, where
 * the blocks arriving above cannot push it out of view.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const authenticated = useSelector(session, selectAuthenticated)
  // only a saved login is restored for long: without one the restore ends before the first paint
  const restoring = useSelector(session, selectRestoring)
  const loggedIn = authenticated || restoring
  const mainRef = useRef<HTMLDivElement>(null)
  const [location] = useLocation()
  const first = useRef(true)

  // After an in-app navigation, focus goes to the new page (a screen reader starts reading it).
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    mainRef.current?.focus({ preventScroll: false })
  }, [location])

  return (
    <Flex direction="column" minH="100dvh" bg="bg.canvas">
      <a
        href="#main"
        className={skipLink}
        onClick={(event) => {
          event.preventDefault()
          mainRef.current?.focus()
        }}
      >
        {LL.common.skipToContent()}
      </a>
      <Box as="header" borderBottomWidth="1px" borderColor="border.subtle" bg="bg.default">
        <Container maxW="7xl" py="2" px={{ base: '3', md: '6' }}>
          {loggedIn ? (
            <Suspense fallback={<HeaderLoading />}>{restoring ? <HeaderLoading /> : <TopNav />}</Suspense>
          ) : (
            <PublicHeader />
          )}
        </Container>
      </Box>
      <Box
        as="main"
        id="main"
        ref={mainRef}
        tabIndex={-1}
        flex="1"
        minH={loggedIn ? '100dvh' : undefined}
        outline="none"
        w="full"
        maxW="7xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        py={{ base: '4', md: '8' }}
      >
        {children}
      </Box>
      <Box as="footer" borderTopWidth="1px" borderColor="border.subtle" py="4">
        <HStack justify="center" gap="4" flexWrap="wrap" fontSize="sm">
          <Link asChild>
            <RouterLink href={paths.terms()}>{LL.common.termsOfUse()}</RouterLink>
          </Link>
          <Link asChild>
            <RouterLink href={paths.privacy()}>{LL.common.privacyPolicy()}</RouterLink>
          </Link>
        </HStack>
      </Box>
    </Flex>
  )
}

/** The header while the logged-in navigation is loading: the height of the navigation, a small spinner. */
function HeaderLoading() {
  const { LL } = useI18nContext()
  return (
    <Flex align="center" minH="10">
      <Spinner size="sm" label={LL.common.loading()} />
    </Flex>
  )
}

function PublicHeader() {
  const { LL } = useI18nContext()
  return (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap">
      <RouterLink
        href={paths.login()}
        className={css({ fontWeight: 'bold', fontSize: 'lg', color: 'fg.default', textDecoration: 'none', borderRadius: 'l2', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' } })}
      >
        {LL.common.appName()}
      </RouterLink>
      <HStack gap="2" alignItems="end">
        <Box w={{ base: '40', sm: '48' }}>
          <LanguageSelect />
        </Box>
        <ColorModeToggle label={LL.common.colorMode()} />
      </HStack>
    </Flex>
  )
}
