import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { useI18nContext } from '../../locales/i18n-react'
import { Center } from '../../styled-system/jsx'
import { Spinner } from '../ui'
import { resolveRoute } from './paths'
import { selectAuthenticated, selectRestoring, useSession } from './root-context'

// TEMPORARY until machines/navigation-guard.ts exists.
export function Guard({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const restoring = useSelector(session, selectRestoring)
  const authenticated = useSelector(session, selectAuthenticated)
  const [location] = useLocation()
  if (restoring)
    return (
      <Center py="16">
        <Spinner size="lg" label={LL.common.loading()} />
      </Center>
    )
  const route = resolveRoute(location)
  if (!authenticated && route.access === 'private') return <Redirect to="/login" replace />
  if (authenticated && route.access === 'public') return <Redirect to="/" replace />
  return <>{children}</>
}
