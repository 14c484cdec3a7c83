import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useId } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { invitedToExistingAccount, loginMachine } from '../../../machines/login'
import type { InvitePayload, LoginOutput } from '../../../machines/types'
import { Divider, HStack, Stack } from '../../../styled-system/jsx'
import { loginActors } from '../../api/auth'
import { codeOf, errorMessages } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { currentLL } from '../../app/language'
import { afterLogin } from '../../app/return-to'
import { useSession } from '../../app/root-context'
import { Button, ErrorPanel, Heading, Text, TextField, toaster } from '../../ui'
import { AuthCard, PasswordInputField, SocialButton, TermsNotice } from './parts'
import { useSocialProvider } from './social'
import { normalizeEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'
import { validateLogin } from './validation'

export type LoginFormProps = {
  /** The validated invitation of the link, or null. */
  invite: InvitePayload | null
  /** The raw ?invite= value, passed on to sign-up and to the social login. */
  inviteParam: string | null
  /** Pre-filled e-mail (an invited existing user). */
  initialEmail?: string
  onCreateAccount: () => void
  /**
   * The dialog the login flow has open over the form (its state `forgotPassword` or
   * `resendConfirmation`), drawn by the page; `close` tells the flow it was closed.
   */
  renderDialog: (dialog: LoginDialog, close: () => void) => ReactNode
}

/** A dialog over the login form, as the login machine's state names it. */
export type LoginDialog = { kind: 'recover' } | { kind: 'resend'; email: string }

/**
 * The login card (spec §2 Login): e-mail, password, forgot password, login (and accept the
 * invitation), social login, create account, terms and privacy. Runs the login flow.
 */
export function LoginForm({ invite, inviteParam, initialEmail, onCreateAccount, renderDialog }: LoginFormProps) {
  const { LL } = useI18nContext()
  const session = useSession()
  const [, navigate] = useLocation()
  const search = useSearch()
  const headingId = useId()
  const provider = useSocialProvider()

  const flow = useActorRef(
    loginMachine.provide({
      actors: loginActors,
      actions: {
        startSession: (_, { session: started, user }) => session.send({ type: 'session.login', session: started, user }),
        logOut: () => session.send({ type: 'session.logout' }),
        notifyInviteAccepted: (_, { organizationName }) =>
          toaster.success({ title: currentLL().auth.invite.acceptedToast({ organization: organizationName }) }),
        notifyInviteFailed: () => toaster.warning({ title: currentLL().auth.invite.notAccepted() }),
      },
    }),
    { input: { invite }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status !== 'done') return
      const output = snapshot.output as LoginOutput
      if (output.outcome === 'signedIn') navigate(afterLogin(output.destination, search), { replace: true })
      else if (output.outcome === 'createAccount') onCreateAccount()
    },
  )
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  // an invited existing account accepts by logging in: no sign-up offered (the flow refuses it too)
  const existingAccount = useSelector(flow, (s) => invitedToExistingAccount(s.context))
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))
  const recovering = useSelector(flow, (s) => s.matches('forgotPassword'))
  const resendingTo = useSelector(flow, (s) => (s.matches('resendConfirmation') ? s.context.email : null))
  const dialog: LoginDialog | null = recovering ? { kind: 'recover' } : resendingTo !== null ? { kind: 'resend', email: resendingTo } : null

  const form = useForm({ email: initialEmail ?? '', password: '' }, (values) => validateLogin(LL, values))
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!form.attempt() || busy) return
    flow.send({ type: 'login.submit', email: normalizeEmail(form.values.email), password: form.values.password })
  }
  const messages = error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []
  const unconfirmed = error !== null && codeOf(error.body) === 'unconfirmed'

  return (
    <AuthCard labelledBy={headingId}>
      <Stack gap="1">
        <Heading as="h1" size="2xl" id={headingId}>
          {LL.auth.login.title()}
        </Heading>
        <Text color="fg.muted">
          {invite ? LL.auth.invite.valid({ organization: invite.organization_name }) : LL.auth.login.welcome()}
        </Text>
        {invite && existingAccount ? (
          <Text color="fg.muted" overflowWrap="anywhere">
            {LL.auth.invite.existingAccount({ email: invite.email })}
          </Text>
        ) : null}
      </Stack>
      <ErrorPanel messages={messages} />
      {unconfirmed ? (
        <Button variant="outline" onClick={() => flow.send({ type: 'login.resendConfirmation', email: normalizeEmail(form.values.email) })}>
          {LL.auth.confirmAccount.resend()}
        </Button>
      ) : null}
      <form onSubmit={submit} onKeyDown={form.onKeyDown} noValidate>
        <Stack gap="4">
          <TextField
            label={LL.auth.login.email()}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.field('email')}
          />
          <PasswordInputField
            label={LL.auth.login.password()}
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          <HStack justify="flex-end">
            <Button variant="link" size="sm" onClick={() => flow.send({ type: 'login.forgotPassword' })}>
              {LL.auth.login.forgotPassword()}
            </Button>
          </HStack>
          <Button type="submit" w="full" disabled={!form.valid} loading={busy}>
            {invite ? LL.auth.login.acceptInvitationSubmit() : LL.auth.login.submit()}
          </Button>
        </Stack>
      </form>
      {provider ? (
        <>
          <Divider />
          <SocialButton label={LL.auth.login.socialLogin({ provider: provider.name })} invite={inviteParam} />
        </>
      ) : null}
      {existingAccount ? null : (
        <HStack justify="center" gap="2" flexWrap="wrap">
          <Text size="sm">{LL.auth.login.noAccount()}</Text>
          <Button variant="link" size="sm" onClick={() => flow.send({ type: 'login.createAccount' })}>
            {LL.auth.login.createAccount()}
          </Button>
        </HStack>
      )}
      <TermsNotice />
      {dialog ? renderDialog(dialog, () => flow.send({ type: 'login.closeDialog' })) : null}
    </AuthCard>
  )
}
