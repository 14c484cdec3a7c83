import { useActorRef } from '@xstate/react'
import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { inviteTokenMachine } from '../../../machines/invite-token'
import { encodeInvite } from '../../app/invite-link'
import type { InviteTokenOutput } from '../../../machines/types'
import { inviteTokenActors } from '../../api/auth'
import { actorOptions } from '../../app/inspect'
import { currentLL } from '../../app/language'
import { paths } from '../../app/paths'
import { toaster } from '../../ui'
import { WorkingStatus } from './parts'

/**
 * /invite/<token>: the short link of an invitation mail. The server says what the opaque token stands
 * for (the spec's invitation payload); a new person goes on to the sign-up, someone with an account to
 * the login, each with that payload as the spec's ?invite= value (which also lets a logged-in person's
 * guard accept it). A dead token says 'Invitation is expired or not valid' and opens the login.
 */
export function InvitePage() {
  const { LL } = useI18nContext()
  const { token = '' } = useParams<{ token: string }>()
  const [, navigate] = useLocation()
  useActorRef(
    inviteTokenMachine.provide({
      actors: inviteTokenActors,
      actions: {
        notifyInvalidInvite: () => toaster.error({ title: currentLL().auth.invite.expired() }),
        redirectToLogin: () => navigate(paths.login(), { replace: true }),
      },
    }),
    { input: { token }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status !== 'done') return
      const output = snapshot.output as InviteTokenOutput
      if (output.outcome === 'signUp') navigate(paths.signup({ invite: encodeInvite(output.invite) }), { replace: true })
      if (output.outcome === 'existingUser') navigate(paths.login({ invite: encodeInvite(output.invite) }), { replace: true })
    },
  )
  return <WorkingStatus text={LL.auth.invite.checking()} />
}
