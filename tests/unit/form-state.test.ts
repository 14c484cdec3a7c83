import { describe, expect, it } from 'vitest'
import { type FormAction, type FormState, firstInvalid, formReducer, initialFormState, isImplicitSubmit } from '../../src/features/shared/form-state'
import { visibleErrors } from '../../src/features/shared/form-rules'

type F = 'email' | 'password'
const errors = { email: 'Please input email', password: 'Please input password' }
const reduce = (state: FormState<F>, action: FormAction<F>): FormState<F> => formReducer(state, action)
const shown = (state: FormState<F>) => visibleErrors(errors, state.touched, state.submitted)
const start = () => initialFormState<F>({ email: '', password: '' })

describe('when a form shows its messages (issue 5, item 15)', () => {
  it('shows nothing when the person only tabs past empty fields', () => {
    let state = reduce(start(), { type: 'blur', name: 'email' })
    state = reduce(state, { type: 'blur', name: 'password' })
    expect(shown(state)).toEqual({})
  })
  it('shows "required" once the person typed into a field and emptied it', () => {
    let state = reduce(start(), { type: 'change', name: 'email', value: 'a' })
    state = reduce(state, { type: 'change', name: 'email', value: '' })
    state = reduce(state, { type: 'blur', name: 'email' })
    expect(shown(state)).toEqual({ email: 'Please input email' })
  })
  it('checks a pre-filled value when the field is left', () => {
    const state = reduce(initialFormState<F>({ email: 'ana@', password: '' }), { type: 'blur', name: 'email' })
    expect(state.touched).toEqual({ email: true })
  })
  it('shows every message after a submit attempt', () => {
    expect(shown(reduce(start(), { type: 'submit' }))).toEqual(errors)
  })
  it('a value set by the page is not a touch', () => {
    const state = reduce(start(), { type: 'set', name: 'email', value: 'x' })
    expect(state.values.email).toBe('x')
    expect(state.touched).toEqual({})
  })
  it('names the first field to correct in the form order', () => {
    expect(firstInvalid(errors)).toBe('email')
    expect(firstInvalid({ password: 'p' })).toBe('password')
    expect(firstInvalid({})).toBeUndefined()
  })
})

describe('Enter as a submit attempt', () => {
  const key = (key: string, tagName: string, type?: string, isComposing = false) => ({
    key,
    target: { tagName, type } as unknown as EventTarget,
    nativeEvent: { isComposing },
  })
  it('is Enter in a text, e-mail or password field', () => {
    expect(isImplicitSubmit(key('Enter', 'INPUT', 'email'))).toBe(true)
    expect(isImplicitSubmit(key('Enter', 'INPUT', 'password'))).toBe(true)
    expect(isImplicitSubmit(key('Enter', 'INPUT', 'text'))).toBe(true)
  })
  it('is not another key, Enter on a button or checkbox, or Enter that confirms an input method word', () => {
    expect(isImplicitSubmit(key('a', 'INPUT', 'text'))).toBe(false)
    expect(isImplicitSubmit(key('Enter', 'BUTTON', 'button'))).toBe(false)
    expect(isImplicitSubmit(key('Enter', 'INPUT', 'checkbox'))).toBe(false)
    expect(isImplicitSubmit(key('Enter', 'INPUT', 'text', true))).toBe(false)
  })
})
