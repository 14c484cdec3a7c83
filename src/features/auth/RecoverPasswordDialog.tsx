import { useActorRef, useSelector } from '@xstate/react'
import { useI18nContext } from '../../../locales/i18n-react'
import { recoverPasswordMachine } from '../../../machines/recover-password'
import { Stack } from '../../../styled-system/jsx'
import { recoverPasswordActors } from '../../api/auth'
import { errorMessages } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { Button, ErrorPanel, TextField } from '../../ui'
import { AuthDialog } from './AuthDialog'
import { normalizeEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'
import { validateEmailOnly } from './validation'

/** The recover-password dialog (spec §4): ask for a reset link by e-mail, then a note that it was sent. */
export function RecoverPasswordDialog({ onClose }: { onClose: () => void }) {
  const { LL } = useI18nContext()
  const flow = useActorRef(recoverPasswordMachine.provide({ actors: recoverPasswordActors }), actorOptions())
  const sent = useSelector(flow, (s) => s.matches('sent'))
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))
  const email = useSelector(flow, (s) => s.context.email)
  const form = useForm({ email: '' }, (values) => validateEmailOnly(LL, values))

  return (
    <AuthDialog
      open
      onClose={onClose}
      title={sent ? LL.account.recoverPassword.sentTitle() : LL.account.recoverPassword.title()}
      description={sent ? LL.account.recoverPassword.sentText({ email }) : LL.account.recoverPassword.text()}
    >
      {sent ? (
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          <Button variant="outline" onClick={() => flow.send({ type: 'recover.again' })}>
            {LL.account.recoverPassword.again()}
          </Button>
          <Button onClick={onClose}>{LL.account.recoverPassword.backToLogin()}</Button>
        </Stack>
      ) : (
        <form
          noValidate
          onKeyDown={form.onKeyDown}
          onSubmit={(event) => {
            event.preventDefault()
            if (form.attempt() && !busy) flow.send({ type: 'recover.submit', email: normalizeEmail(form.values.email) })
          }}
        >
          <Stack gap="4">
            <ErrorPanel messages={error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
            <TextField label={LL.auth.login.email()} type="email" inputMode="email" autoComplete="email" required {...form.field('email')} />
            <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
              <Button variant="outline" onClick={onClose}>
                {LL.common.cancel()}
              </Button>
              <Button type="submit" disabled={!form.valid} loading={busy}>
                {LL.account.recoverPassword.submit()}
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </AuthDialog>
  )
}
