import { useActorRef, useSelector } from '@xstate/react'
import { useId, useState } from 'react'
import { Link as RouterLink, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { resetPasswordMachine, type ResetPasswordOutput } from '../../../machines/reset-password'
import { Stack } from '../../../styled-system/jsx'
import { resetPasswordActors } from '../../api/auth'
import { errorMessages, fieldErrorsOf } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { Button, ErrorPanel, Heading, Text } from '../../ui'
import { usePageTitle } from '../shared/page'
import { AuthCard, PasswordInputField, WorkingStatus } from './parts'
import { PasswordStrength } from './PasswordStrength'
import { RecoverPasswordDialog } from './RecoverPasswordDialog'
import { useForm } from '../shared/use-form'
import { PASSWORD_MIN_LENGTH, validateResetPassword } from './validation'

/** /reset-password?token=: choose a new password with the mailed link, then log in. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token')
  const { LL } = useI18nContext()
  const headingId = useId()
  usePageTitle(LL.account.resetPassword.title())
  return (
    <AuthCard labelledBy={headingId}>
      <Heading as="h1" size="2xl" id={headingId}>
        {LL.account.resetPassword.title()}
      </Heading>
      {token ? <ResetForm key={token} token={token} /> : <InvalidLink />}
    </AuthCard>
  )
}

function ResetForm({ token }: { token: string }) {
  const { LL } = useI18nContext()
  const flow = useActorRef(resetPasswordMachine.provide({ actors: resetPasswordActors }), { input: { token }, ...actorOptions() })
  const output = useSelector(flow, (s) => (s.status === 'done' ? (s.output as ResetPasswordOutput) : null))
  const checking = useSelector(flow, (s) => s.matches('checking'))
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => (s.matches({ editing: 'failed' }) ? s.context.error : null))
  const form = useForm({ password: '', confirmPassword: '' }, (values) => validateResetPassword(LL, values))
  const serverFields = error ? fieldErrorsOf(error.body) : {}

  if (output?.outcome === 'done')
    return (
      <Stack gap="4">
        <Text role="status">{LL.account.resetPassword.done()}</Text>
        <Button asChild>
          <RouterLink href={paths.login()}>{LL.auth.login.submit()}</RouterLink>
        </Button>
      </Stack>
    )
  // the server's reason only repeats the page's sentence; the page says it once
  if (output?.outcome === 'invalid') return <InvalidLink />
  if (checking) return <WorkingStatus text={LL.account.resetPassword.checking()} py="6" />

  const password = form.field('password')
  return (
    <form
      noValidate
      onKeyDown={form.onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        if (form.attempt() && !busy) flow.send({ type: 'reset.submit', password: form.values.password })
      }}
    >
      <Stack gap="4">
        <ErrorPanel messages={error && !serverFields.password ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
        <PasswordInputField
          label={LL.account.resetPassword.newPassword()}
          autoComplete="new-password"
          helperText={LL.account.signUp.passwordHelp({ min: PASSWORD_MIN_LENGTH })}
          required
          {...password}
          errorText={password.errorText ?? serverFields.password}
        />
        <PasswordStrength password={form.values.password} />
        <PasswordInputField
          label={LL.account.resetPassword.confirmPassword()}
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <Button type="submit" disabled={!form.valid} loading={busy}>
          {LL.account.resetPassword.submit()}
        </Button>
      </Stack>
    </form>
  )
}

/** A dead link, told before anything is typed, with the way to a new one. */
function InvalidLink() {
  const { LL } = useI18nContext()
  const [recover, setRecover] = useState(false)
  return (
    <Stack gap="4">
      <Text role="alert">{LL.account.resetPassword.invalidLink()}</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button onClick={() => setRecover(true)}>{LL.account.resetPassword.askNewLink()}</Button>
        <Button variant="outline" asChild>
          <RouterLink href={paths.login()}>{LL.account.recoverPassword.backToLogin()}</RouterLink>
        </Button>
      </Stack>
      {recover ? <RecoverPasswordDialog onClose={() => setRecover(false)} /> : null}
    </Stack>
  )
}
