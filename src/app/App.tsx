import { lazy, Suspense, useEffect, useState } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { toaster } from '../ui'
import { Guard } from './Guard'
import { Layout } from './Layout'
import type { SessionActor } from './root'
import { SessionProvider } from './root-context'
import { AppRoutes } from './routes'
import { Translations } from './translations'

const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })))

/**
 * The toasts' region is loaded with the first toast, not with the first page: the store holds a toast
 * raised before, and the region shows it once mounted (ui/toast.tsx, replayingStore).
 */
function AppToaster() {
  const { LL } = useI18nContext()
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0)
  useEffect(() => {
    if (needed) return
    const unsubscribe = toaster.subscribe(() => setNeeded(true))
    // a toast raised between the render and this subscription
    if (toaster.getVisibleToasts().length > 0) setNeeded(true)
    return unsubscribe
  }, [needed])
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster label={LL.common.notifications()} closeLabel={LL.common.close()} />
    </Suspense>
  )
}

/** The app: translations, the root's session, the page frame, the guarded routes, the toaster. */
export function App({ session }: { session: SessionActor }) {
  return (
    <Translations>
      <SessionProvider session={session}>
        <Layout>
          <Guard>
            <AppRoutes />
          </Guard>
        </Layout>
        <AppToaster />
      </SessionProvider>
    </Translations>
  )
}
