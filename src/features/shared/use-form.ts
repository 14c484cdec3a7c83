import { type KeyboardEvent, useReducer } from 'react'
import { firstInvalid, formReducer, initialFormState, isImplicitSubmit } from './form-state'
import { type Errors, isValid, visibleErrors } from './form-rules'

/**
 * The fields of a small form: their values, which were touched, the rule messages to show.
 * Values live here (what is typed is view state); what happens on submit is the flow's.
 * A field's message appears once it was typed into, or left holding a value (spec §5: on change and
 * on blur); all of them after a submit attempt. Tabbing past an empty field shows nothing.
 */
export function useForm<F extends string>(initial: Record<F, string>, validate: (values: Record<F, string>) => Errors<F>) {
  const [state, dispatch] = useReducer(formReducer<F>, initial, initialFormState)
  const { values } = state
  const errors = validate(values)
  const shown = visibleErrors(errors, state.touched, state.submitted)
  const valid = isValid(errors)

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      dispatch({ type: 'change', name, value: event.currentTarget.value }),
    onBlur: () => dispatch({ type: 'blur', name }),
    errorText: shown[name],
  })

  return {
    values,
    errors,
    valid,
    field,
    setValue: (name: F, value: string) => dispatch({ type: 'set', name, value }),
    /** Marks a submit attempt; true when the values may be sent. */
    attempt: (): boolean => {
      dispatch({ type: 'submit' })
      return valid
    },
    /**
     * The form's onKeyDown: Enter in an incomplete form (its submit button disabled, so the browser
     * does nothing) shows every message and moves the focus to the first field to correct.
     */
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => {
      if (valid || !isImplicitSubmit(event)) return
      event.preventDefault()
      dispatch({ type: 'submit' })
      const name = firstInvalid(errors)
      const element = name === undefined ? null : event.currentTarget.elements.namedItem(name)
      if (element instanceof HTMLElement) element.focus()
    },
  }
}
