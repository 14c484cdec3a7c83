import { type ReactNode, forwardRef } from 'react'
import * as Field from './field'

type FieldInputProps = React.ComponentProps<typeof Field.Input>

export interface TextFieldProps extends Omit<FieldInputProps, 'size'> {
  label: ReactNode
  helperText?: ReactNode | undefined
  /** Shown (and the field marked invalid) when set. A list is shown one message per line. */
  errorText?: ReactNode | undefined
  invalid?: boolean | undefined
  size?: 'sm' | 'md' | 'lg' | undefined
}

/** Label + input + help text + error text, wired together by Ark's Field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, helperText, errorText, invalid, required, disabled, readOnly, size, ...inputProps },
  ref,
) {
  const isInvalid = invalid ?? Boolean(errorText)
  return (
    <Field.Root invalid={isInvalid} required={required} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Field.Input ref={ref} size={size} {...inputProps} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  )
})
