import TypesafeI18n, { useI18nContext } from '../../locales/i18n-react'
import type { Locales } from '../../locales/i18n-types'
import { Toaster } from '../ui'
import { Guard } from './Guard'
import { Layout } from './Layout'
import type { SessionActor } from './root'
import { SessionProvider } from './root-context'
import { AppRoutes } from './routes'

function AppToaster() {
  const { LL } = useI18nContext()
  return <Toaster label={LL.common.notifications()} closeLabel={LL.common.close()} />
}

/** The app: translations, the root's session, the page frame, the guarded routes, the toaster. */
export function App({ session, locale }: { session: SessionActor; locale: Locales }) {
  return (
    <TypesafeI18n locale={locale}>
      <SessionProvider session={session}>
        <Layout>
          <Guard>
            <AppRoutes />
          </Guard>
        </Layout>
        <AppToaster />
      </SessionProvider>
    </TypesafeI18n>
  )
}
