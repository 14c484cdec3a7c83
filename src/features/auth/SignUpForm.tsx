import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { signUpMachine } from '../../../machines/sign-up'
import type { SignUpOutput, ValidatedInvitation } from '../../../machines/types'
import { Divider, HStack, Stack } from '../../../styled-system/jsx'
import { signUpActors } from '../../api/auth'
import { errorMessages, fieldErrorsOf } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { currentLL } from '../../app/language'
import { useSession } from '../../app/root-context'
import { Button, ErrorPanel, Heading, Text, TextField, toaster } from '../../ui'
import { AuthDialog } from './AuthDialog'
import { AuthCard, PasswordInputField, SocialButton, TermsNotice } from './parts'
import { useSocialProvider } from './social'
import { PasswordStrength } from './PasswordStrength'
import { useTerms } from '../shared/terms'
import { normalizeEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'
import { PASSWORD_MIN_LENGTH, validateSignUp } from './validation'

export type SignUpFormProps = {
  /** The invitation the server checked: its e-mail is fixed, its organization and role are stated. */
  invite: ValidatedInvitation | null
  inviteParam: string | null
  /** An organization's join code from the link (?code=), pre-filled. */
  invitationCode: string | null
  /** The page to come back to after confirming and logging in (the login's ?next=, e.g. a join link). */
  returnTo?: string | null
  onDone: (output: SignUpOutput) => void
}

/**
 * The sign-up card (spec §2 Sign-up dialog): first name, last name, e-mail, password, optional
 * invitation code; already-have-an-account; social sign-up; terms and privacy. Then the
 * check-your-inbox dialog with a resend, or straight in for an invited address. From an invitation the
 * e-mail is the invited one (read-only), the invitation-code field is hidden, and the organization and
 * role are stated.
 */
export function SignUpForm({ invite, inviteParam, invitationCode, returnTo, onDone }: SignUpFormProps) {
  const { LL } = useI18nContext()
  const session = useSession()
  const headingId = useId()
  const provider = useSocialProvider()
  const terms = useTerms(invite?.organization_type)
  const invitedRole = invite?.role === 'admin' ? LL.roles.admin() : invite?.role === 'teacher' ? terms.teacher() : terms.student()

  const flow = useActorRef(
    signUpMachine.provide({
      actors: signUpActors,
      actions: {
        startSession: (_, { session: started, user }) => session.send({ type: 'session.login', session: started, user }),
        notifyInviteAccepted: (_, { organizationName }) =>
          toaster.success({ title: currentLL().auth.invite.acceptedToast({ organization: organizationName }) }),
        notifyInviteFailed: () => toaster.warning({ title: currentLL().auth.invite.notAccepted() }),
      },
    }),
    { input: { invite, invitationCode }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status === 'done') onDone(snapshot.output as SignUpOutput)
    },
  )
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const editingError = useSelector(flow, (s) => (s.matches({ editing: 'failed' }) ? s.context.error : null))
  const awaiting = useSelector(flow, (s) => s.matches('awaitingConfirmation') || s.matches('resending'))
  const resent = useSelector(flow, (s) => s.matches({ awaitingConfirmation: 'resent' }))
  const resendError = useSelector(flow, (s) => (s.matches({ awaitingConfirmation: 'resendFailed' }) ? s.context.error : null))
  const resending = useSelector(flow, (s) => s.matches('resending'))
  const email = useSelector(flow, (s) => s.context.email)

  const form = useForm(
    { firstName: '', lastName: '', email: invite?.email ?? '', password: '', invitationCode: invitationCode ?? '' },
    (values) => validateSignUp(LL, values),
  )
  const serverFields = editingError ? fieldErrorsOf(editingError.body) : {}
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!form.attempt() || busy) return
    flow.send({
      type: 'signUp.submit',
      first_name: form.values.firstName.trim(),
      last_name: form.values.lastName.trim(),
      email: invite ? invite.email : normalizeEmail(form.values.email),
      password: form.values.password,
      invitation_code: invite ? undefined : form.values.invitationCode.trim() || undefined,
      next: returnTo ?? undefined,
    })
  }
  const field = (name: Parameters<typeof form.field>[0], server: string) => {
    const bound = form.field(name)
    return { ...bound, errorText: bound.errorText ?? serverFields[server] }
  }

  return (
    <>
      <AuthCard labelledBy={headingId}>
        <Stack gap="1">
          <Heading as="h1" size="2xl" id={headingId}>
            {invite?.organization_name
              ? LL.account.signUp.titleWithOrganization({ organization: invite.organization_name })
              : LL.account.signUp.title()}
          </Heading>
          {invite ? <Text>{LL.account.signUp.invitedAs({ organization: invite.organization_name, role: invitedRole })}</Text> : null}
        </Stack>
        <ErrorPanel messages={editingError ? errorMessages(editingError, LL.errors.generic(), LL.errors.network()) : []} />
        <form onSubmit={submit} onKeyDown={form.onKeyDown} noValidate>
          <Stack gap="4">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <TextField label={LL.account.signUp.firstName()} autoComplete="given-name" required {...field('firstName', 'first_name')} />
              <TextField label={LL.account.signUp.lastName()} autoComplete="family-name" required {...field('lastName', 'last_name')} />
            </Stack>
            <TextField
              label={LL.account.signUp.email()}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              {...field('email', 'email')}
              readOnly={invite !== null}
              helperText={invite ? LL.account.signUp.invitedEmailHelp() : undefined}
            />
            <PasswordInputField
              label={LL.account.signUp.password()}
              autoComplete="new-password"
              helperText={LL.account.signUp.passwordHelp({ min: PASSWORD_MIN_LENGTH })}
              required
              {...field('password', 'password')}
            />
            <PasswordStrength
              password={form.values.password}
              related={[form.values.firstName, form.values.lastName, form.values.email]}
            />
            {invite ? null : (
              <TextField
                label={LL.account.signUp.invitationCode()}
                helperText={LL.account.signUp.invitationCodeHelp()}
                autoComplete="off"
                autoCapitalize="characters"
                {...field('invitationCode', 'invitation_code')}
              />
            )}
            <Button type="submit" w="full" disabled={!form.valid} loading={busy && !awaiting}>
              {LL.account.signUp.submit()}
            </Button>
          </Stack>
        </form>
        {provider ? (
          <>
            <Divider />
            <SocialButton label={LL.account.signUp.socialSignUp({ provider: provider.name })} invite={inviteParam} />
          </>
        ) : null}
        <HStack justify="center">
          <Button variant="link" size="sm" onClick={() => flow.send({ type: 'signUp.login' })}>
            {LL.account.signUp.haveAccount()}
          </Button>
        </HStack>
        <TermsNotice />
      </AuthCard>
      <AuthDialog
        open={awaiting}
        onClose={() => flow.send({ type: 'signUp.close' })}
        title={LL.auth.confirmAccount.checkInboxTitle()}
        description={LL.auth.confirmAccount.checkInboxText({ email })}
      >
        <Stack gap="4">
          <ErrorPanel messages={resendError ? errorMessages(resendError, LL.errors.generic(), LL.errors.network()) : []} />
          {resent ? (
            <Text role="status">{LL.account.resendConfirmation.sent()}</Text>
          ) : (
            <Text color="fg.muted">{LL.auth.confirmAccount.notReceived()}</Text>
          )}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end">
            <Button variant="outline" loading={resending} onClick={() => flow.send({ type: 'signUp.resend' })}>
              {LL.auth.confirmAccount.resend()}
            </Button>
            <Button onClick={() => flow.send({ type: 'signUp.close' })}>{LL.common.close()}</Button>
          </Stack>
        </Stack>
      </AuthDialog>
    </>
  )
}
