import { beforeAll, describe, expect, it } from 'vitest'
import type { TranslationFunctions } from '../../locales/i18n-types'
import { i18nObject } from '../../locales/i18n-util'
import { loadLocale } from '../../locales/i18n-util.sync'
import { validateEmailOnly, validateLogin, validateResetPassword, validateSignUp } from '../../src/features/auth/validation'
import { isValid, visibleErrors } from '../../src/features/shared/form-rules'

let LL: TranslationFunctions
beforeAll(() => {
  loadLocale('en')
  LL = i18nObject('en')
})

describe('login (spec §5)', () => {
  it('asks for the e-mail and the password', () => {
    expect(validateLogin(LL, { email: '', password: '' })).toEqual({ email: 'Please input email', password: 'Please input password' })
  })
  it('wants a valid e-mail, trimmed', () => {
    expect(validateLogin(LL, { email: 'nope', password: 'x' })).toEqual({ email: 'Please input correct email address' })
    expect(validateLogin(LL, { email: '  a@b.co ', password: 'x' })).toEqual({})
    expect(validateLogin(LL, { email: '   ', password: 'x' }).email).toBe('Please input email')
  })
})

describe('sign-up (spec §5)', () => {
  const valid = { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', password: 'secret', invitationCode: '' }
  it('accepts a complete form without a code', () => {
    expect(isValid(validateSignUp(LL, valid))).toBe(true)
  })
  it('gives the spec messages', () => {
    expect(validateSignUp(LL, { firstName: ' ', lastName: '', email: '', password: '', invitationCode: '' })).toEqual({
      firstName: 'Please insert first name',
      lastName: 'Please insert last name',
      email: 'Please input email',
      password: 'Please input password',
    })
    expect(validateSignUp(LL, { ...valid, password: '12345' })).toEqual({ password: 'Password should have at least 6 characters' })
    expect(validateSignUp(LL, { ...valid, email: 'ana@' })).toEqual({ email: 'Please input correct email address' })
  })
})

describe('recover password and resend confirmation (spec §5)', () => {
  it('asks for a valid e-mail', () => {
    expect(validateEmailOnly(LL, { email: '' })).toEqual({ email: 'Please input email' })
    expect(validateEmailOnly(LL, { email: 'a b@c.de' })).toEqual({ email: 'Please input correct email address' })
    expect(validateEmailOnly(LL, { email: 'a@c.de' })).toEqual({})
  })
})

describe('reset password', () => {
  it('wants 6 characters typed twice', () => {
    expect(validateResetPassword(LL, { password: '', confirmPassword: '' })).toEqual({ password: 'Insert a password' })
    expect(validateResetPassword(LL, { password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({ confirmPassword: "Two inputs don't match!" })
    expect(validateResetPassword(LL, { password: 'abcdef', confirmPassword: 'abcdef' })).toEqual({})
  })
})

describe('a new password (issue 5, item 10)', () => {
  it('may not be only spaces, at sign-up and at reset', () => {
    const signUp = { firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', password: '       ', invitationCode: '' }
    expect(validateSignUp(LL, signUp)).toEqual({ password: 'The password cannot be only spaces' })
    expect(validateResetPassword(LL, { password: ' \t    ', confirmPassword: ' \t    ' })).toEqual({
      password: 'The password cannot be only spaces',
    })
    // spaces inside a password are fine
    expect(validateResetPassword(LL, { password: ' a b c ', confirmPassword: ' a b c ' })).toEqual({})
  })
})

describe('visibleErrors', () => {
  it('shows touched fields, and all after a submit attempt', () => {
    const errors = { email: 'e', password: 'p' }
    expect(visibleErrors(errors, { email: true })).toEqual({ email: 'e' })
    expect(visibleErrors(errors, {}, true)).toEqual(errors)
  })
})
