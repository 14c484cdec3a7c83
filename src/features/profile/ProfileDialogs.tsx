import { type ReactNode, useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import type { ApiFailure, PasswordChange, ProfileChanges, User } from '../../../machines/types'
import { HStack, Stack } from '../../../styled-system/jsx'
import { codeOf, errorMessages } from '../../api/errors'
import { Button, Checkbox, Dialog, ErrorPanel, Portal, Text, TextField } from '../../ui'
import { PasswordInputField } from '../auth/parts'
import { isValidEmail, normalizeEmail } from '../shared/form-rules'

/** The profile's dialogs (spec §2 Profile, §5): each is a state of the profile machine; these are its views. */

const PASSWORD_MIN = 6

/** A dialog with a form: title, the server's refusal, the fields, cancel and submit. */
function FormDialog({
  title,
  error,
  busy,
  valid,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string
  error: ApiFailure | null
  busy: boolean
  valid: boolean
  submitLabel: string
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open || busy ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }} maxH="calc(100dvh - 2rem)" overflowY="auto">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                if (valid && !busy) onSubmit()
              }}
            >
              <Stack gap="5" p="6">
                <Dialog.Title>{title}</Dialog.Title>
                {error ? <ErrorPanel messages={errorMessages(error, LL.errors.generic(), LL.errors.network())} /> : null}
                {children}
                <HStack gap="3" justify="flex-end" flexWrap="wrap">
                  <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="submit" loading={busy} disabled={!valid}>
                    {submitLabel}
                  </Button>
                </HStack>
              </Stack>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** A message shown once its field was typed into (or a save was tried). */
const shown = (touched: boolean, message: string | undefined) => (touched ? message : undefined)

/** Edit profile (§5): first and last name required, a valid e-mail (trimmed), username, phone as code plus number. */
export function EditProfileDialog({
  account,
  busy,
  error,
  onSave,
  onClose,
}: {
  account: User
  busy: boolean
  error: ApiFailure | null
  onSave: (changes: ProfileChanges) => void
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.myProfile
  const [values, setValues] = useState({
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.unconfirmed_email ?? account.email,
    username: account.username ?? '',
    phone_code: account.phone_code ?? '',
    phone_number: account.phone_number ?? '',
    current_password: '',
  })
  const [touched, setTouched] = useState<Partial<Record<keyof typeof values, boolean>>>({})
  const email = normalizeEmail(values.email)
  // a new address (not the login, nor the one already waiting) needs the current password
  const newEmail =
    email.toLowerCase() !== account.email.toLowerCase() && email.toLowerCase() !== (account.unconfirmed_email ?? '').toLowerCase()
  const problems: Partial<Record<keyof typeof values, string>> = {
    first_name: values.first_name.trim() ? undefined : t.firstNameRequired(),
    last_name: values.last_name.trim() ? undefined : t.lastNameRequired(),
    email: !email ? LL.validation.emailRequired() : isValidEmail(email) ? undefined : LL.validation.emailInvalid(),
    phone_code: /^\+?[0-9]{0,4}$/.test(values.phone_code.trim()) ? undefined : LL.validation.phoneNotNumber(),
    phone_number: /^[0-9]*$/.test(values.phone_number.trim()) ? undefined : LL.validation.phoneNotNumber(),
    current_password: newEmail && account.has_password && !values.current_password ? LL.validation.currentPasswordRequired() : undefined,
  }
  const valid = Object.values(problems).every((problem) => problem === undefined)
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget
      setValues((current) => ({ ...current, [name]: value }))
      setTouched((current) => ({ ...current, [name]: true }))
    },
    errorText: shown(touched[name] === true, problems[name]),
  })
  const blank = (value: string) => value.trim() || null

  return (
    <FormDialog
      title={t.edit()}
      error={error}
      busy={busy}
      valid={valid}
      submitLabel={LL.common.save()}
      onClose={onClose}
      onSubmit={() =>
        onSave({
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          username: blank(values.username),
          phone_code: blank(values.phone_code),
          phone_number: blank(values.phone_number),
          // the login address when it is the one asked for again: a pending change is dropped
          email: newEmail ? email : email.toLowerCase() === account.email.toLowerCase() ? account.email : email,
          ...(newEmail && account.has_password ? { current_password: values.current_password } : {}),
        })
      }
    >
      <TextField label={t.firstName()} required autoComplete="given-name" {...field('first_name')} />
      <TextField label={t.lastName()} required autoComplete="family-name" {...field('last_name')} />
      <TextField label={t.email()} type="email" required autoComplete="email" {...field('email')} />
      {newEmail && account.has_password ? (
        <PasswordInputField
          label={t.currentPasswordForEmail()}
          required
          autoComplete="current-password"
          {...field('current_password')}
        />
      ) : null}
      <TextField label={t.username()} autoComplete="username" {...field('username')} />
      <HStack gap="3" alignItems="flex-start">
        <TextField label={t.phoneCode()} inputMode="tel" autoComplete="tel-country-code" maxW="8rem" {...field('phone_code')} />
        <TextField label={t.phone()} inputMode="numeric" autoComplete="tel-national" {...field('phone_number')} />
      </HStack>
    </FormDialog>
  )
}

/** Change password (current, new, confirm: 'Two inputs don't match!') or, without one, define password (§5). */
export function PasswordDialog({
  define,
  busy,
  error,
  onSave,
  onClose,
}: {
  define: boolean
  busy: boolean
  error: ApiFailure | null
  onSave: (change: PasswordChange) => void
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.myProfile
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [touched, setTouched] = useState({
    current: false,
    next: false,
    confirm: false,
  })
  const problems = {
    current: define || current ? undefined : LL.validation.currentPasswordRequired(),
    next: !next
      ? LL.validation.newPasswordRequired()
      : next.length < PASSWORD_MIN
        ? LL.validation.passwordTooShort({ min: PASSWORD_MIN })
        : undefined,
    confirm: confirm === next ? undefined : LL.validation.passwordsDontMatch(),
  }
  const valid = !problems.current && !problems.next && !problems.confirm && confirm !== ''
  const touch = (name: keyof typeof touched) => setTouched((value) => ({ ...value, [name]: true }))

  return (
    <FormDialog
      title={define ? t.definePassword() : t.changePassword()}
      error={error}
      busy={busy}
      valid={valid}
      submitLabel={LL.common.save()}
      onClose={onClose}
      onSubmit={() =>
        onSave(define ? { new_password: next, confirm_new_password: confirm } : { current_password: current, new_password: next })
      }
    >
      {define ? (
        <Text color="fg.muted">{t.definePasswordText()}</Text>
      ) : (
        <PasswordInputField
          label={t.currentPassword()}
          name="current_password"
          required
          autoComplete="current-password"
          value={current}
          onChange={(e) => {
            setCurrent(e.currentTarget.value)
            touch('current')
          }}
          errorText={shown(touched.current, problems.current)}
        />
      )}
      <PasswordInputField
        label={t.newPassword()}
        name="new_password"
        required
        autoComplete="new-password"
        value={next}
        onChange={(e) => {
          setNext(e.currentTarget.value)
          touch('next')
        }}
        errorText={shown(touched.next, problems.next)}
      />
      <PasswordInputField
        label={t.confirmNewPassword()}
        name="confirm_new_password"
        required
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          setConfirm(e.currentTarget.value)
          touch('confirm')
        }}
        errorText={shown(touched.confirm, problems.confirm)}
      />
    </FormDialog>
  )
}

/** Delete account (§5): the password ('Please input password') and the accepted conditions; both enable the button. */
export function DeleteAccountDialog({
  hasPassword,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  hasPassword: boolean
  busy: boolean
  error: ApiFailure | null
  onConfirm: (password: string | null) => void
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.myProfile.deleteAccount
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const [accepted, setAccepted] = useState(false)
  const [conditionsTouched, setConditionsTouched] = useState(false)
  const passwordProblem = hasPassword && !password ? t.passwordRequired() : undefined
  // the only admin of an organization: the server refuses; the dialog says what to do
  const soleAdmin = error !== null && codeOf(error.body) === 'sole_admin'

  return (
    <FormDialog
      title={t.title()}
      error={soleAdmin ? null : error}
      busy={busy}
      valid={!passwordProblem && accepted}
      submitLabel={t.confirm()}
      onClose={onClose}
      onSubmit={() => onConfirm(hasPassword ? password : null)}
    >
      {soleAdmin ? <ErrorPanel messages={[t.soleAdmin()]} /> : null}
      <Text>{t.text()}</Text>
      {hasPassword ? (
        <PasswordInputField
          label={LL.myProfile.password()}
          name="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value)
            setTouched(true)
          }}
          errorText={shown(touched, passwordProblem)}
        />
      ) : null}
      <Stack gap="1">
        <Checkbox
          checked={accepted}
          onCheckedChange={(details) => {
            setAccepted(details.checked === true)
            setConditionsTouched(true)
          }}
        >
          {t.conditions()}
        </Checkbox>
        {conditionsTouched && !accepted ? (
          <Text size="sm" color="fg.error">
            {t.conditionsRequired()}
          </Text>
        ) : null}
      </Stack>
    </FormDialog>
  )
}

/** Confirm new e-mail (§4 E-mail unconfirmed): where the link went, and which address logs in meanwhile. */
export function ConfirmEmailDialog({ account, onClose }: { account: User; onClose: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.myProfile.confirmEmail
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <Stack gap="5" p="6">
              <Dialog.Title>{t.title()}</Dialog.Title>
              <Dialog.Description>
                {t.text({
                  email: account.unconfirmed_email ?? account.email,
                  current: account.email,
                })}
              </Dialog.Description>
              <HStack justify="flex-end">
                <Button onClick={onClose}>{LL.common.close()}</Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
