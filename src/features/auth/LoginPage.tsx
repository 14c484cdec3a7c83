import { lazy } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { SignUpOutput, ValidatedInvitation } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { withTexts } from '../../app/language'
import { paths } from '../../app/paths'
import { afterLogin, returnToOf } from '../../app/return-to'
import { ErrorPanel } from '../../ui'
import { usePageTitle } from '../shared/page'
import { LoginForm } from './LoginForm'

// Only the login form comes with the first load; the rest is loaded when the query or a click asks for it.
// (with the account namespace of the dictionary, which their texts are in)
const InviteGate = lazy(withTexts(() => import('./InviteGate').then((m) => ({ default: m.InviteGate })), ['account']))
const RecoverPasswordDialog = lazy(withTexts(() => import('./RecoverPasswordDialog').then((m) => ({ default: m.RecoverPasswordDialog })), ['account']))
const ResendConfirmationDialog = lazy(
  withTexts(() => import('./ResendConfirmationDialog').then((m) => ({ default: m.ResendConfirmationDialog })), ['account']),
)
const SignUpForm = lazy(withTexts(() => import('./SignUpForm').then((m) => ({ default: m.SignUpForm })), ['account']))
const SocialSignIn = lazy(withTexts(() => import('./SocialSignIn').then((m) => ({ default: m.SocialSignIn })), ['account']))

/**
 * /login and /signup. The query decides what runs first:
 * ?social=<ticket> the social sign-in; ?invite=<payload> the invite-token check (then sign-up or
 * login); ?social_error=<reason> an error above the login form; ?email= pre-fills the login (after a
 * confirmation); ?code= pre-fills the sign-up's invitation code.
 */
export function LoginPage({ mode }: { mode: 'login' | 'signup' }) {
  const search = new URLSearchParams(useSearch())
  const inviteParam = search.get('invite')
  const ticket = search.get('social')
  const socialError = search.get('social_error')
  const code = search.get('code')
  const email = search.get('email') ?? undefined

  if (ticket) return <SocialSignIn ticket={ticket} inviteParam={inviteParam} />
  if (inviteParam)
    return (
      <InviteGate key={inviteParam} inviteParam={inviteParam} mode={mode}>
        {(invite, email) => (
          <AuthScreens mode={mode} invite={invite} inviteParam={inviteParam} initialEmail={email} code={code} socialError={socialError} />
        )}
      </InviteGate>
    )
  return <AuthScreens mode={mode} invite={null} inviteParam={null} initialEmail={email} code={code} socialError={socialError} />
}

function AuthScreens({
  mode,
  invite,
  inviteParam,
  initialEmail,
  code,
  socialError,
}: {
  mode: 'login' | 'signup'
  invite: ValidatedInvitation | null
  inviteParam: string | null
  initialEmail?: string
  code: string | null
  socialError: string | null
}) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const search = useSearch()
  // the page a login would go back to (e.g. a join link): a sign-up carries it through its confirmation mail
  const next = returnToOf(search)
  usePageTitle(mode === 'signup' ? LL.nav.titles.signUp() : LL.nav.titles.login())

  const socialMessage =
    socialError === null
      ? null
      : socialError === 'unavailable'
        ? LL.auth.socialError.notConfigured()
        : socialError === 'access_denied'
          ? LL.auth.socialError.cancelled()
          : LL.auth.socialError.failed()

  if (mode === 'signup')
    return (
      <SignUpForm
        invite={invite}
        inviteParam={inviteParam}
        invitationCode={code}
        returnTo={next}
        onDone={(output: SignUpOutput) => {
          if (output.outcome === 'signedIn') navigate(afterLogin(output.destination, search), { replace: true })
          else navigate(paths.login({ invite: inviteParam, next }))
        }}
      />
    )

  return (
    <Stack gap="4" align="center">
      {socialMessage ? (
        <Stack w="full" maxW="md">
          <ErrorPanel messages={[socialMessage]} />
        </Stack>
      ) : null}
      <LoginForm
        invite={invite}
        inviteParam={inviteParam}
        initialEmail={initialEmail}
        onCreateAccount={() => navigate(paths.signup({ invite: inviteParam, next }))}
        renderDialog={(dialog, close) =>
          dialog.kind === 'recover' ? <RecoverPasswordDialog onClose={close} /> : <ResendConfirmationDialog email={dialog.email} onClose={close} />
        }
      />
    </Stack>
  )
}
