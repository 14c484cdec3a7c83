import { PasswordInput as Ark, usePasswordInput } from '@ark-ui/react/password-input'
import { type ComponentProps, type ReactNode, forwardRef } from 'react'
import { styled } from '../../styled-system/jsx'
import { input } from '../../styled-system/recipes'
import { IconButton } from './icon-button'
import * as Field from './field'
import { EyeIcon, EyeOffIcon } from './icons'

const StyledInput = styled(Ark.Input, input)
type StyledInputProps = ComponentProps<typeof StyledInput>

export interface PasswordInputProps extends Omit<StyledInputProps, 'type'> {
  /** Name of the toggle while the password is hidden, e.g. "Show password". */
  showLabel: string
  /** Name of the toggle while the password is shown, e.g. "Hide password". */
  hideLabel: string
  autoComplete?: 'current-password' | 'new-password' | undefined
  defaultVisible?: boolean | undefined
  visible?: boolean | undefined
  onVisibilityChange?: ((visible: boolean) => void) | undefined
}

/**
 * A password input with a show/hide toggle. Put it inside `Field.Root` with a `Field.Label`
 * (or use `PasswordField`) so it is labelled. The toggle is reachable with Tab.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { showLabel, hideLabel, autoComplete, defaultVisible, visible, onVisibilityChange, size, ...props },
  ref,
) {
  const api = usePasswordInput({
    autoComplete,
    defaultVisible,
    visible,
    onVisibilityChange: onVisibilityChange ? (d) => onVisibilityChange(d.visible) : undefined,
    translations: { visibilityTrigger: (shown) => (shown ? hideLabel : showLabel) },
  })
  return (
    <Ark.RootProvider value={api} style={{ width: '100%' }}>
      <Ark.Control style={{ position: 'relative' }}>
        <StyledInput ref={ref} size={size} pe="11" {...props} />
        <Ark.VisibilityTrigger
          asChild
          // Ark leaves the toggle out of the tab order and reacts to the pointer only.
          tabIndex={0}
          onClick={(event) => {
            if (event.detail === 0) api.toggleVisible()
          }}
        >
          <IconButton
            aria-label={api.visible ? hideLabel : showLabel}
            variant="ghost"
            size="sm"
            position="absolute"
            top="50%"
            insetEnd="1"
            transform="translateY(-50%)"
          >
            <Ark.Indicator fallback={<EyeOffIcon />}>
              <EyeIcon />
            </Ark.Indicator>
          </IconButton>
        </Ark.VisibilityTrigger>
      </Ark.Control>
    </Ark.RootProvider>
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
