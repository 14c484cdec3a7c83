import { useActorRef, useSelector } from '@xstate/react'
import { useI18nContext } from '../../../locales/i18n-react'
import { resendConfirmationMachine } from '../../../machines/resend-confirmation'
import { Stack } from '../../../styled-system/jsx'
import { resendConfirmationActors } from '../../api/auth'
import { errorMessages } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { Button, ErrorPanel, Text, TextField } from '../../ui'
import { AuthDialog } from './AuthDialog'
import { normalizeEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'
import { validateEmailOnly } from './validation'

/** A form that mails a new confirmation link (the resend-confirmation flow); shared by the dialog and the confirm page. */
export function ResendConfirmationForm({ email: initialEmail, onClose }: { email: string; onClose?: () => void }) {
  const { LL } = useI18nContext()
  const flow = useActorRef(
    resendConfirmationMachine.provide({ actors: resendConfirmationActors }),
    { input: { email: initialEmail }, ...actorOptions() },
  )
  const sent = useSelector(flow, (s) => s.status === 'done')
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))
  const form = useForm({ email: initialEmail }, (values) => validateEmailOnly(LL, values))

  if (sent)
    return (
      <Stack gap="4">
        <Text role="status">{LL.account.resendConfirmation.sent()}</Text>
        {onClose ? (
          <Stack direction="row" justify="flex-end">
            <Button onClick={onClose}>{LL.common.close()}</Button>
          </Stack>
        ) : null}
      </Stack>
    )
  return (
    <form
      noValidate
      onKeyDown={form.onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        if (form.attempt() && !busy) flow.send({ type: 'resend.submit', email: normalizeEmail(form.values.email) })
      }}
    >
      <Stack gap="4">
        <ErrorPanel messages={error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
        <TextField label={LL.auth.login.email()} type="email" inputMode="email" autoComplete="email" required {...form.field('email')} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          {onClose ? (
            <Button variant="outline" onClick={onClose}>
              {LL.common.cancel()}
            </Button>
          ) : null}
          <Button type="submit" disabled={!form.valid} loading={busy}>
            {LL.account.resendConfirmation.submit()}
          </Button>
        </Stack>
      </Stack>
    </form>
  )
}

/** The resend-confirmation dialog, opened from a login refused for an unconfirmed account. */
export function ResendConfirmationDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { LL } = useI18nContext()
  return (
    <AuthDialog open onClose={onClose} title={LL.account.resendConfirmation.title()} description={LL.account.resendConfirmation.text()}>
      <ResendConfirmationForm email={email} onClose={onClose} />
    </AuthDialog>
  )
}
