/**
 * What every small form of the app shares (the auth forms, the organization form): its messages by
 * field, when they show, and the e-mail rule.
 */

/** The usual e-mail pattern: something@domain.tld, no spaces, one @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/

export const normalizeEmail = (email: string): string => email.trim()
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(normalizeEmail(email))

/** One message per invalid field; a form is valid when it has no key. */
export type Errors<F extends string> = Partial<Record<F, string>>

export const isValid = (errors: Errors<string>): boolean => Object.keys(errors).length === 0

/**
 * Which messages a form shows: a field's message once it has been touched (typed into, or left
 * holding a value: see form-state.ts), every message after a submit attempt (a click or Enter).
 */
export const visibleErrors = <F extends string>(
  errors: Errors<F>,
  touched: Partial<Record<F, boolean>>,
  submitted = false,
): Errors<F> => {
  const result: Errors<F> = {}
  for (const key of Object.keys(errors) as F[]) if (submitted || touched[key]) result[key] = errors[key]
  return result
}
