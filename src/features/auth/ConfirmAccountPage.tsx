import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { useId } from 'react'
import { Link as RouterLink, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { confirmAccountMachine, type ConfirmAccountOutput } from '../../../machines/confirm-account'
import type { RemovedOnProof } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { confirmAccountActors } from '../../api/auth'
import { errorMessages, fieldErrorsOf } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { returnToOf } from '../../app/return-to'
import { Button, ErrorPanel, Heading, Text, TextField } from '../../ui'
import { usePageTitle } from '../shared/page'
import { AuthCard, PasswordInputField, WorkingStatus } from './parts'
import { ResendConfirmationForm } from './ResendConfirmationDialog'
import { normalizeEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'
import { validateEmailOnly, validateSignUpPassword } from './validation'

/**
 * /confirm-account: without a token, "check your inbox" with a resend; with ?token= (the mailed
 * link), the confirmation itself, and a new link when the old one is expired or used.
 */
export function ConfirmAccountPage() {
  const search = new URLSearchParams(useSearch())
  const token = search.get('token')
  // a sign-up from a page (e.g. a join link) comes back to it: the mailed link carries the login's ?next=
  return token ? <ConfirmWithToken key={token} token={token} returnTo={returnToOf(search.toString())} /> : <CheckInbox email={search.get('email') ?? ''} />
}

function CheckInbox({ email }: { email: string }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  usePageTitle(LL.auth.confirmAccount.checkInboxTitle())
  return (
    <AuthCard labelledBy={headingId}>
      <Heading as="h1" size="2xl" id={headingId}>
        {LL.auth.confirmAccount.checkInboxTitle()}
      </Heading>
      <Text>{email ? LL.auth.confirmAccount.checkInboxText({ email }) : LL.auth.confirmAccount.checkInboxGeneric()}</Text>
      <Heading as="h2" size="md">
        {LL.auth.confirmAccount.notReceived()}
      </Heading>
      <ResendConfirmationForm email={email} />
    </AuthCard>
  )
}

function ConfirmWithToken({ token, returnTo }: { token: string; returnTo: string | null }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  usePageTitle(LL.auth.confirmAccount.title())
  const flow = useActorRef(confirmAccountMachine.provide({ actors: confirmAccountActors }), { input: { token }, ...actorOptions() })
  const output = useSelector(flow, (s) => (s.status === 'done' ? (s.output as ConfirmAccountOutput) : null))
  const checking = useSelector(flow, (s) => s.matches('checking'))
  const confirming = useSelector(flow, (s) => s.matches('confirming'))
  const asking = useSelector(flow, (s) => s.matches('asking') || s.matches('declining'))
  const failed = useSelector(flow, (s) => s.matches('failed'))
  const invalid = useSelector(flow, (s) => s.matches('invalid') || s.matches('resending'))
  const resending = useSelector(flow, (s) => s.matches('resending'))
  const error = useSelector(flow, (s) => s.context.error)
  const form = useForm({ email: '' }, (values) => validateEmailOnly(LL, values))
  const messages = error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []

  return (
    <AuthCard labelledBy={headingId}>
      <Heading as="h1" size="2xl" id={headingId}>
        {LL.auth.confirmAccount.title()}
      </Heading>
      {checking ? <WorkingStatus text={LL.auth.confirmAccount.checking()} py="6" /> : null}
      {confirming ? <WorkingStatus text={LL.auth.confirmAccount.confirming()} py="6" /> : null}
      {asking ? <AskWhoSignedUp flow={flow} /> : null}
      {output?.outcome === 'confirmed' || output?.outcome === 'alreadyConfirmed' ? (
        <Stack gap="4">
          <Text role="status">
            {output.outcome === 'confirmed' ? LL.auth.confirmAccount.confirmed() : LL.auth.confirmAccount.alreadyConfirmed()}
          </Text>
          <Button asChild>
            <RouterLink href={paths.login({ email: output.email, next: returnTo })}>{LL.auth.login.submit()}</RouterLink>
          </Button>
        </Stack>
      ) : null}
      {output?.outcome === 'passwordToSet' ? (
        <Stack gap="4">
          <Text role="status">{LL.auth.confirmAccount.passwordToSet()}</Text>
          {output.removed.length ? (
            <Stack gap="1">
              <Text>{LL.auth.confirmAccount.removedIntro()}</Text>
              <ul aria-label={LL.auth.confirmAccount.removedIntro()}>
                {output.removed.map((item) => (
                  <li key={item}>
                    <Text as="span">• {removedLabel(LL, item)}</Text>
                  </li>
                ))}
              </ul>
            </Stack>
          ) : null}
          <Button asChild>
            <RouterLink href={`/reset-password?${new URLSearchParams({ token: output.resetToken }).toString()}`}>
              {LL.auth.confirmAccount.choosePassword()}
            </RouterLink>
          </Button>
        </Stack>
      ) : null}
      {output?.outcome === 'declined' ? <Text role="status">{LL.auth.confirmAccount.declined({ email: output.email })}</Text> : null}
      {output?.outcome === 'resent' ? <Text role="status">{LL.account.resendConfirmation.sent()}</Text> : null}
      {failed ? (
        <Stack gap="4">
          <ErrorPanel messages={messages} />
          <Button onClick={() => flow.send({ type: 'confirm.retry' })}>{LL.common.retry()}</Button>
        </Stack>
      ) : null}
      {invalid ? (
        <form
          noValidate
          onKeyDown={form.onKeyDown}
          onSubmit={(event) => {
            event.preventDefault()
            if (form.attempt() && !resending) flow.send({ type: 'confirm.resend', email: normalizeEmail(form.values.email) })
          }}
        >
          <Stack gap="4">
            <Text>{LL.auth.confirmAccount.failed()}</Text>
            <ErrorPanel messages={messages} />
            <TextField label={LL.auth.login.email()} type="email" inputMode="email" autoComplete="email" required {...form.field('email')} />
            <Button type="submit" disabled={!form.valid} loading={resending}>
              {LL.auth.confirmAccount.resend()}
            </Button>
          </Stack>
        </form>
      ) : null}
    </AuthCard>
  )
}

const removedLabel = (LL: TranslationFunctions, item: RemovedOnProof): string =>
  item === 'password'
    ? LL.auth.confirmAccount.removedPassword()
    : item === 'social_sign_in'
      ? LL.auth.confirmAccount.removedSocial()
      : LL.auth.confirmAccount.removedSessions()

/**
 * A sign-up's link: the person who signed up confirms with the password chosen then (the account keeps
 * it) or confirms and chooses a new one; the owner of the address who did not sign up deletes the account.
 */
function AskWhoSignedUp({ flow }: { flow: ActorRefFrom<typeof confirmAccountMachine> }) {
  const { LL } = useI18nContext()
  const email = useSelector(flow, (s) => s.context.email)
  const hasPassword = useSelector(flow, (s) => s.context.hasPassword)
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const declining = useSelector(flow, (s) => s.matches('declining'))
  const error = useSelector(flow, (s) => (s.matches('asking') ? s.context.error : null))
  const form = useForm({ password: '' }, (values) => validateSignUpPassword(LL, values))
  const serverFields = error ? fieldErrorsOf(error.body) : {}
  const password = form.field('password')

  return (
    <Stack gap="6">
      {hasPassword ? (
        <form
          noValidate
          onKeyDown={form.onKeyDown}
          onSubmit={(event) => {
            event.preventDefault()
            if (form.attempt() && !busy) flow.send({ type: 'confirm.submit', password: form.values.password })
          }}
        >
          <Stack gap="4">
            <Text>{LL.auth.confirmAccount.askSignUp({ email })}</Text>
            <ErrorPanel messages={error && !serverFields.password ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
            <PasswordInputField
              label={LL.auth.confirmAccount.signUpPassword()}
              autoComplete="current-password"
              required
              {...password}
              errorText={password.errorText ?? serverFields.password}
            />
            <Button type="submit" disabled={!form.valid || busy}>
              {LL.auth.confirmAccount.confirmWithPassword()}
            </Button>
            <Text color="fg.muted">{LL.auth.confirmAccount.forgotPassword()}</Text>
            {/* a long label wraps rather than widen a 360 px screen, in every language */}
            <Button variant="outline" whiteSpace="normal" h="auto" minH="10" py="2" disabled={busy} onClick={() => flow.send({ type: 'confirm.choosePassword' })}>
              {LL.auth.confirmAccount.confirmWithoutPassword()}
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap="4">
          <Text>{LL.auth.confirmAccount.askSignUpNoPassword({ email })}</Text>
          <ErrorPanel messages={error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
          <Button whiteSpace="normal" h="auto" minH="10" py="2" disabled={busy} onClick={() => flow.send({ type: 'confirm.choosePassword' })}>
            {LL.auth.confirmAccount.confirmWithoutPassword()}
          </Button>
        </Stack>
      )}
      <Stack gap="3" borderTopWidth="1px" pt="4">
        <Heading as="h2" size="md">
          {LL.auth.confirmAccount.notYouTitle()}
        </Heading>
        <Text>{LL.auth.confirmAccount.notYouText()}</Text>
        <Button variant="outline" colorPalette="red" disabled={busy} loading={declining} onClick={() => flow.send({ type: 'confirm.decline' })}>
          {LL.auth.confirmAccount.decline()}
        </Button>
      </Stack>
    </Stack>
  )
}
