import { useActorRef, useSelector } from '@xstate/react'
import { lazy, type ReactNode, Suspense } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { decodeInvite } from './invite-link'
import { navigationGuardMachine } from '../../machines/navigation-guard'
import type { NavigationGuardInput } from '../../machines/types'
import { navigationGuardActors } from '../api/auth'
import { toaster } from '../ui'
import { actorOptions } from './inspect'
import { currentLL } from './language'
import { idParam, resolveRoute } from './paths'
import { returnToOf } from './return-to'
import { selectRestoring, useSession } from './root-context'
import { ScreenLoading } from './ScreenLoading'
import type { SessionActor } from './root'

// Shown rarely (a link to an organization one is not a member of): loaded when it is.
const NotMemberPage = lazy(() => import('./NotMemberPage').then((m) => ({ default: m.NotMemberPage })))

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>
/** What the guard needs of the session; a change of any of it decides again. */
const selectGuardKey = (s: SessionSnapshot) =>
  `${s.hasTag('authenticated') ? 'in' : 'out'}:${s.context.user?.id ?? ''}:${s.context.currentOrganizationId ?? ''}:${s.context.user?.organizations.length ?? 0}`

/**
 * The navigation guard (spec §2): once the session has restored any saved login (a spinner
 * meanwhile), the navigation-guard flow decides each navigation — and again whenever the
 * session changes (login, logout, expiry) — and the screen is shown or the person redirected.
 */
export function Guard({ children }: { children: ReactNode }) {
  const session = useSession()
  const restoring = useSelector(session, selectRestoring)
  const sessionKey = useSelector(session, selectGuardKey)
  const [location] = useLocation()
  const search = useSearch()
  if (restoring) return <ScreenLoading />
  return (
    <GuardRun key={`${location}?${guardedSearch(search)}|${sessionKey}`} location={location} search={search}>
      {children}
    </GuardRun>
  )
}

/**
 * The part of the query that the guard reads (the invite and the login's next page). A screen's own
 * query (a list's search, sort, page) changes without a new decision: deciding again would mount the
 * screen anew, and the search box would lose the focus while the person types.
 */
const guardedSearch = (search: string): string => {
  const params = new URLSearchParams(search)
  return `${params.get('invite')}&${params.get('next')}`
}

/** A route's :organizationId as the guard reads it: null when absent, 0 when it is not an id. */
const organizationIdOf = (param: string | undefined): number | null => (param === undefined ? null : (idParam(param) ?? 0))

function GuardRun({ location, search, children }: { location: string; search: string; children: ReactNode }) {
  const session = useSession()
  const input = (): NavigationGuardInput => {
    const { context } = session.getSnapshot()
    const route = resolveRoute(location)
    return {
      destination: {
        name: route.name,
        path: search ? `${location}?${search}` : location,
        access: route.access,
        organizationId: organizationIdOf(route.params.organizationId),
      },
      user: context.user,
      sessionToken: context.token,
      currentOrganizationId: context.currentOrganizationId,
      invite: decodeInvite(new URLSearchParams(search).get('invite') ?? ''),
      returnTo: route.access === 'public' ? returnToOf(search) : null,
    }
  }
  const flow = useActorRef(
    navigationGuardMachine.provide({
      actors: navigationGuardActors,
      actions: {
        notifyInviteAccepted: (_, { organizationName }) =>
          toaster.success({ title: currentLL().auth.invite.acceptedToast({ organization: organizationName }) }),
        notifyInviteFailed: () => toaster.warning({ title: currentLL().auth.invite.notAccepted() }),
        refreshSession: () => session.send({ type: 'session.refresh' }),
        selectOrganization: (_, { organizationId }) => session.send({ type: 'session.switchOrganization', organizationId }),
      },
    }),
    { input: input(), ...actorOptions() },
  )
  const output = useSelector(flow, (s) => (s.status === 'done' ? s.output : null))
  if (!output) return <ScreenLoading />
  if (output.decision === 'notMember')
    return (
      <Suspense fallback={<ScreenLoading />}>
        <NotMemberPage />
      </Suspense>
    )
  if (output.decision !== 'allowed') return <Redirect to={output.path} replace />
  return <>{children}</>
}
