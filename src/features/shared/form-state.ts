import type { Errors } from './form-rules'

/**
 * The state of a small form as a pure reducer, so its rules are tested without a browser:
 * the values, which fields have something to check, and whether a submit was attempted.
 */

export type FormState<F extends string> = {
  values: Record<F, string>
  /** Fields whose message may show: typed into, or left holding a value. */
  touched: Partial<Record<F, boolean>>
  submitted: boolean
}

export type FormAction<F extends string> =
  | { type: 'change'; name: F; value: string }
  | { type: 'blur'; name: F }
  | { type: 'set'; name: F; value: string }
  | { type: 'submit' }

export const initialFormState = <F extends string>(values: Record<F, string>): FormState<F> => ({
  values,
  touched: {},
  submitted: false,
})

export const formReducer = <F extends string>(state: FormState<F>, action: FormAction<F>): FormState<F> => {
  switch (action.type) {
    case 'change':
      // typing (and emptying) a field earns its message, "required" included
      return { ...state, values: { ...state.values, [action.name]: action.value }, touched: { ...state.touched, [action.name]: true } }
    case 'blur':
      // tabbing past an empty, untouched field says nothing; a value left there (pre-filled) is checked
      return state.values[action.name] === '' || state.touched[action.name]
        ? state
        : { ...state, touched: { ...state.touched, [action.name]: true } }
    case 'set':
      return { ...state, values: { ...state.values, [action.name]: action.value } }
    case 'submit':
      return { ...state, submitted: true }
  }
}

/**
 * Enter in a text field of a form whose submit button is disabled: the browser's implicit submission
 * does nothing then (HTML), so the form treats it as a submit attempt itself. Not while an input
 * method is composing (Japanese, Thai, Vietnamese typing confirm a word with Enter).
 */
export const isImplicitSubmit = (event: { key: string; target: EventTarget | null; nativeEvent: { isComposing?: boolean } }): boolean => {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing === true) return false
  const target = event.target as { tagName?: string; type?: string } | null
  return target?.tagName === 'INPUT' && !NOT_TEXT_INPUTS.has(target.type ?? 'text')
}

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'])

/** The first field with a message, in the order the rules list them (the form's order). */
export const firstInvalid = <F extends string>(errors: Errors<F>): F | undefined => (Object.keys(errors) as F[])[0]
