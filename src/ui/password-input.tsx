import { type ComponentProps, type ReactNode, forwardRef, useEffect, useRef, useState } from 'react'
import { styled } from '../../styled-system/jsx'
import { input } from '../../styled-system/recipes'
import { IconButton } from './icon-button'
import * as Field from './field'
import { EyeIcon, EyeOffIcon } from './icons'

const StyledInput = styled('input', input)
type StyledInputProps = ComponentProps<typeof StyledInput>

export interface PasswordInputProps extends Omit<StyledInputProps, 'type'> {
  /** Name of the toggle while the password is hidden, e.g. "Show password". */
  showLabel: string
  /** Name of the toggle while the password is shown, e.g. "Hide password". */
  hideLabel: string
  autoComplete?: 'current-password' | 'new-password' | undefined
}

/**
 * A password input with a show/hide toggle. Put it inside `Field.Root` with a `Field.Label`
 * (or use `PasswordField`) so it is labelled. The toggle is reachable with Tab; a click on it
 * leaves the focus in the input. Sending or resetting the form hides the password again.
 * A plain input and button: a state machine (Ark's) for one boolean would come with the first load.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { showLabel, hideLabel, autoComplete = 'current-password', ...props },
  ref,
) {
  const control = Field.useFieldControl()
  const [visible, setVisible] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const form = toggle.current?.form
    if (!form) return
    const hide = () => setVisible(false)
    form.addEventListener('submit', hide)
    form.addEventListener('reset', hide)
    return () => {
      form.removeEventListener('submit', hide)
      form.removeEventListener('reset', hide)
    }
  }, [])

  return (
    <div style={{ position: 'relative', width: '100%' }}>
      <StyledInput
        ref={ref}
        {...control}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        pe="11"
        {...props}
      />
      <IconButton
        ref={toggle}
        aria-label={visible ? hideLabel : showLabel}
        aria-controls={control.id}
        disabled={control.disabled}
        variant="ghost"
        size="sm"
        position="absolute"
        top="50%"
        insetEnd="1"
        transform="translateY(-50%)"
        // a click shows the input with its caret where it was: the press does not take the focus,
        // and the input gets it if it did not have it; a key press leaves the focus on the toggle
        onPointerDown={(event) => {
          if (event.button === 0) event.preventDefault()
        }}
        onClick={(event) => {
          setVisible(!visible)
          if (event.detail > 0) (event.currentTarget.previousElementSibling as HTMLInputElement | null)?.focus()
        }}
      >
        {visible ? <EyeIcon /> : <EyeOffIcon />}
      </IconButton>
    </div>
  )
})

export interface PasswordFieldProps extends PasswordInputProps {
  label: ReactNode
  helperText?: ReactNode | undefined
  errorText?: ReactNode | undefined
  invalid?: boolean | undefined
}

/** Label + password input with toggle + help and error text. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { label, helperText, errorText, invalid, required, disabled, readOnly, ...props },
  ref,
) {
  return (
    <Field.Root invalid={invalid ?? Boolean(errorText)} required={required} disabled={disabled} readOnly={readOnly}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <PasswordInput ref={ref} {...props} />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  )
})
