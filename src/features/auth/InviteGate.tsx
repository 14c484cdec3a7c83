import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { inviteTokenMachine } from '../../../machines/invite-token'
import { decodeInvite } from '../../app/invite-link'
import type { InviteTokenOutput, ValidatedInvitation } from '../../../machines/types'
import { inviteTokenActors } from '../../api/auth'
import { actorOptions } from '../../app/inspect'
import { currentLL } from '../../app/language'
import { paths } from '../../app/paths'
import { toaster } from '../../ui'
import { WorkingStatus } from './parts'

/**
 * The invite-token check of /login?invite= and /signup?invite= (spec §2): a valid invitation for
 * a new user opens the sign-up, one for an existing user pre-fills the login's e-mail, an invalid
 * one shows 'Invitation is expired or not valid' and goes to the plain login page.
 */
export function InviteGate({
  inviteParam,
  mode,
  children,
}: {
  inviteParam: string
  mode: 'login' | 'signup'
  children: (invite: ValidatedInvitation, email: string | undefined) => ReactNode
}) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const flow = useActorRef(
    inviteTokenMachine.provide({
      actors: inviteTokenActors,
      actions: {
        notifyInvalidInvite: () => toaster.error({ title: currentLL().auth.invite.expired() }),
        redirectToLogin: () => navigate(paths.login(), { replace: true }),
      },
    }),
    { input: { token: decodeInvite(inviteParam)?.token ?? '' }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status !== 'done') return
      const output = snapshot.output as InviteTokenOutput
      // The route follows the answer: a new user signs up, an existing one logs in.
      if (output.outcome === 'signUp' && mode === 'login') navigate(paths.signup({ invite: inviteParam }), { replace: true })
      if (output.outcome === 'existingUser' && mode === 'signup') navigate(paths.login({ invite: inviteParam }), { replace: true })
    },
  )
  const output = useSelector(flow, (s) => (s.status === 'done' ? (s.output as InviteTokenOutput) : null))
  if (output === null)
    return <WorkingStatus text={LL.auth.invite.checking()} />
  if (output.outcome === 'invalid') return null
  return <>{children(output.invite, output.outcome === 'existingUser' ? output.email : undefined)}</>
}
