import type { TranslationFunctions } from '../../../locales/i18n-types'
import { type Errors, isValidEmail, normalizeEmail } from '../shared/form-rules'

/**
 * The auth forms' rules (spec §5), as pure functions: values in, one message per invalid field out,
 * in the active language. A form is valid when the result has no key (shared/form-rules.ts); submit
 * stays disabled until then.
 */

export const PASSWORD_MIN_LENGTH = 6

const emailError = (LL: TranslationFunctions, email: string): string | undefined => {
  const value = normalizeEmail(email)
  if (value === '') return LL.validation.emailRequired()
  if (!isValidEmail(value)) return LL.validation.emailInvalid()
  return undefined
}

const compact = <F extends string>(entries: Record<F, string | undefined>): Errors<F> => {
  const result: Errors<F> = {}
  for (const key of Object.keys(entries) as F[]) {
    const message = entries[key]
    if (message !== undefined) result[key] = message
  }
  return result
}

/** A new password: given, not only spaces (the server refuses that too), at least 6 characters. */
const newPasswordError = (LL: TranslationFunctions, password: string, required: () => string): string | undefined => {
  if (password === '') return required()
  if (password.trim() === '') return LL.validation.passwordBlank()
  if (password.length < PASSWORD_MIN_LENGTH) return LL.validation.passwordTooShort({ min: PASSWORD_MIN_LENGTH })
  return undefined
}

export type LoginValues = { email: string; password: string }
/** Login: e-mail non-empty and valid (shown on blur and on change), password non-empty. */
export const validateLogin = (LL: TranslationFunctions, values: LoginValues): Errors<keyof LoginValues> =>
  compact({
    email: emailError(LL, values.email),
    password: values.password === '' ? LL.validation.passwordRequired() : undefined,
  })

export type SignUpValues = { firstName: string; lastName: string; email: string; password: string; invitationCode: string }
/** Sign-up: names required, e-mail required and valid, a new password (see above); the code is optional. */
export const validateSignUp = (LL: TranslationFunctions, values: SignUpValues): Errors<keyof SignUpValues> =>
  compact({
    firstName: values.firstName.trim() === '' ? LL.validation.firstNameRequired() : undefined,
    lastName: values.lastName.trim() === '' ? LL.validation.lastNameRequired() : undefined,
    email: emailError(LL, values.email),
    password: newPasswordError(LL, values.password, LL.validation.passwordRequired),
    invitationCode: undefined,
  })

export type SignUpPasswordValues = { password: string }
/** The confirm-account page's question: the password chosen at sign-up, non-empty. */
export const validateSignUpPassword = (LL: TranslationFunctions, values: SignUpPasswordValues): Errors<keyof SignUpPasswordValues> =>
  compact({ password: values.password === '' ? LL.validation.passwordRequired() : undefined })

export type EmailValues = { email: string }
/** Recover password and resend confirmation: e-mail required and valid. */
export const validateEmailOnly = (LL: TranslationFunctions, values: EmailValues): Errors<keyof EmailValues> =>
  compact({ email: emailError(LL, values.email) })

export type ResetPasswordValues = { password: string; confirmPassword: string }
/** Reset password: a new password (see above), typed twice. */
export const validateResetPassword = (
  LL: TranslationFunctions,
  values: ResetPasswordValues,
): Errors<keyof ResetPasswordValues> =>
  compact({
    password: newPasswordError(LL, values.password, LL.validation.newPasswordRequired),
    confirmPassword:
      values.confirmPassword !== values.password ? LL.validation.passwordsDontMatch() : undefined,
  })
