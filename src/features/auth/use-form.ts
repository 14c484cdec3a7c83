import { useState } from 'react'
import { type Errors, isValid, visibleErrors } from './validation'

/**
 * The fields of a small form: their values, which were touched, the rule messages to show.
 * Values live here (what is typed is view state); what happens on submit is the flow's.
 * Messages appear on change and on blur (spec §5), all of them after a submit attempt.
 */
export function useForm<F extends string>(initial: Record<F, string>, validate: (values: Record<F, string>) => Errors<F>) {
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const errors = validate(values)
  const shown = visibleErrors(errors, touched, submitted)

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value
      setValues((current) => ({ ...current, [name]: value }))
      setTouched((current) => ({ ...current, [name]: true }))
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    errorText: shown[name],
  })

  return {
    values,
    errors,
    valid: isValid(errors),
    field,
    setValue: (name: F, value: string) => setValues((current) => ({ ...current, [name]: value })),
    /** Marks a submit attempt; true when the values may be sent. */
    attempt: (): boolean => {
      setSubmitted(true)
      return isValid(errors)
    },
  }
}
