import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { subscribeToastRaised, toastRaised } from '../ui'
import { Guard } from './Guard'
import { Layout } from './Layout'
import type { SessionActor } from './root'
import { SessionProvider } from './root-context'
import { AppRoutes } from './routes'
import { Translations } from './translations'

const Toaster = lazy(() => import('../ui/toaster').then((m) => ({ default: m.Toaster })))

/** The toasts' region, loaded and mounted once the first toast is raised (ui/toast.tsx). */
function AppToaster() {
  const { LL } = useI18nContext()
  const needed = useSyncExternalStore(subscribeToastRaised, toastRaised)
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
