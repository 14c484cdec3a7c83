import { useActorRef, useSelector } from '@xstate/react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { decodeInvite } from '../../app/invite-link'
import { socialSignInMachine } from '../../../machines/social-sign-in'
import type { SocialSignInOutput } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { socialSignInActors } from '../../api/auth'
import { errorMessage, errorMessages } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { currentLL } from '../../app/language'
import { paths } from '../../app/paths'
import { useSession } from '../../app/root-context'
import { Button, ErrorPanel, TextField, toaster } from '../../ui'
import { usePageTitle } from '../shared/page'
import { AuthDialog } from './AuthDialog'
import { WorkingStatus } from './parts'
import { useSocialProvider } from './social'

/**
 * /login?social=<ticket>: the social sign-in flow. When no account exists yet the
 * verify-social-info dialog shows the provider's name and e-mail, disabled, to confirm.
 */
export function SocialSignIn({ ticket, inviteParam }: { ticket: string; inviteParam: string | null }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const [, navigate] = useLocation()
  const provider = useSocialProvider()
  usePageTitle(LL.nav.titles.login())
  const backToLogin = () => navigate(paths.login(inviteParam ? { invite: inviteParam } : undefined), { replace: true })

  const flow = useActorRef(
    socialSignInMachine.provide({
      actors: socialSignInActors,
      actions: {
        startSession: (_, { session: started, user }) => session.send({ type: 'session.login', session: started, user }),
        notifyInviteAccepted: (_, { organizationName }) =>
          toaster.success({ title: currentLL().auth.invite.acceptedToast({ organization: organizationName }) }),
        notifyInviteFailed: () => toaster.warning({ title: currentLL().auth.invite.notAccepted() }),
        notifySocialFailed: (_, { error }) =>
          toaster.error({ title: errorMessage(error, currentLL().errors.generic(), currentLL().errors.network()) }),
      },
    }),
    { input: { ticket, invite: decodeInvite(inviteParam ?? '') }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status !== 'done') return
      const output = snapshot.output as SocialSignInOutput
      if (output.outcome === 'signedIn') navigate(output.destination, { replace: true })
      else backToLogin()
    },
  )
  const verifying = useSelector(flow, (s) => s.matches('verifyingInfo') || s.matches('creatingAccount'))
  const creating = useSelector(flow, (s) => s.matches('creatingAccount'))
  const claims = useSelector(flow, (s) => s.context.claims)
  const error = useSelector(flow, (s) => (s.matches({ verifyingInfo: 'failed' }) ? s.context.error : null))

  return (
    <>
      <WorkingStatus text={LL.auth.social.signingIn()} />
      <AuthDialog
        open={verifying}
        onClose={() => flow.send({ type: 'social.cancel' })}
        title={LL.account.verifySocial.title()}
        description={LL.account.verifySocial.explanation({ provider: provider?.name ?? LL.auth.social.provider() })}
      >
        <Stack gap="4">
          <ErrorPanel messages={error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <TextField label={LL.account.signUp.firstName()} value={claims?.first_name ?? ''} disabled readOnly />
            <TextField label={LL.account.signUp.lastName()} value={claims?.last_name ?? ''} disabled readOnly />
          </Stack>
          <TextField label={LL.account.signUp.email()} type="email" value={claims?.email ?? ''} disabled readOnly />
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
            <Button variant="outline" onClick={() => flow.send({ type: 'social.cancel' })} disabled={creating}>
              {LL.common.cancel()}
            </Button>
            <Button loading={creating} onClick={() => flow.send({ type: 'social.confirm' })}>
              {LL.account.verifySocial.confirm()}
            </Button>
          </Stack>
        </Stack>
      </AuthDialog>
    </>
  )
}
