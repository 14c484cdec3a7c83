import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext } from 'react'
import type { SessionActor } from './root'

/** The root's session actor, for every screen (read with useSelector, write with send). */
const SessionContext = createContext<SessionActor | null>(null)

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

export const useSession = (): SessionActor => {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>

export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user
export const selectToken = (snapshot: SessionSnapshot) => snapshot.context.token
export const selectOrganizationId = (snapshot: SessionSnapshot) => snapshot.context.currentOrganizationId
export const selectRestoring = (snapshot: SessionSnapshot) => snapshot.matches('restoring')
export const selectAuthenticated = (snapshot: SessionSnapshot) => snapshot.hasTag('authenticated')

/** The logged-in user (null when logged out). */
export const useCurrentUser = () => useSelector(useSession(), selectUser)
export const useCurrentOrganizationId = () => useSelector(useSession(), selectOrganizationId)
