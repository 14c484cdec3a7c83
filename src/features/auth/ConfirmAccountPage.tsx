import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Link as RouterLink, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { confirmAccountMachine, type ConfirmAccountOutput } from '../../../machines/confirm-account'
import { Stack } from '../../../styled-system/jsx'
import { confirmAccountActors } from '../../api/auth'
import { errorMessages } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { returnToOf } from '../../app/return-to'
import { Button, ErrorPanel, Heading, Text, TextField } from '../../ui'
import { usePageTitle } from '../shared/page'
import { AuthCard, WorkingStatus } from './parts'
import { ResendConfirmationForm } from './ResendConfirmationDialog'
import { normalizeEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'
import { validateEmailOnly } from './validation'

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
  const confirming = useSelector(flow, (s) => s.matches('confirming'))
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
      {confirming ? (
        <WorkingStatus text={LL.auth.confirmAccount.confirming()} py="6" />
      ) : null}
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
