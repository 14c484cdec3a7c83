import {
  type ComponentProps,
  createContext,
  forwardRef,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react'
import { createStyleContext, styled } from '../../styled-system/jsx'
import { field, input, textarea } from '../../styled-system/recipes'

/**
 * A labelled form field, styled by the preset: `Root` (invalid, required, disabled, readOnly) ties
 * the label, help text and error text to its control with ids and aria attributes, as Ark's Field
 * does, but as plain elements: the text fields of the login page need no state machine, and Ark's
 * would come with the first load. `ErrorText` renders only while the root is `invalid`.
 * (The kit's Select keeps Ark's Field: its listbox reads that one's context.)
 */
interface FieldState {
  ids: { control: string; label: string; helperText: string; errorText: string }
  invalid: boolean
  required: boolean
  disabled: boolean
  readOnly: boolean
  hasHelperText: boolean
  hasErrorText: boolean
  /** Called by the help and error texts while they are shown; returns the call that forgets them. */
  shows: (text: 'helperText' | 'errorText') => () => void
}

const FieldContext = createContext<FieldState | null>(null)

const dataAttr = (on: boolean) => (on ? '' : undefined)

/** The attributes of the field's control (an input, a textarea): none outside a `Root`. */
export function useFieldControl() {
  const state = useContext(FieldContext)
  if (!state) return {}
  return {
    id: state.ids.control,
    'aria-describedby': state.hasHelperText ? state.ids.helperText : undefined,
    'aria-errormessage': state.hasErrorText && state.invalid ? state.ids.errorText : undefined,
    'aria-invalid': state.invalid || undefined,
    'data-invalid': dataAttr(state.invalid),
    'data-required': dataAttr(state.required),
    'data-readonly': dataAttr(state.readOnly),
    required: state.required,
    disabled: state.disabled,
    readOnly: state.readOnly,
  }
}

const { withProvider, withContext } = createStyleContext(field)

const StyledRoot = withProvider('div', 'root')
const StyledLabel = withContext('label', 'label')
const StyledHelperText = withContext('span', 'helperText')
const StyledErrorText = withContext('span', 'errorText')
const StyledRequiredIndicator = styled('span', { base: { ms: '0.5', color: 'fg.error' } })
const StyledInput = styled('input', input)
// pure: the first load, which has no textarea, leaves it (and its recipe) out
const StyledTextarea = /* @__PURE__ */ styled('textarea', textarea)

export interface RootProps extends ComponentProps<typeof StyledRoot> {
  invalid?: boolean | undefined
  required?: boolean | undefined
  disabled?: boolean | undefined
  readOnly?: boolean | undefined
}

export const Root = forwardRef<HTMLDivElement, RootProps>(function Root(
  { invalid = false, required = false, disabled = false, readOnly = false, ...props },
  ref,
) {
  const id = useId()
  const [texts, setTexts] = useState({ helperText: 0, errorText: 0 })
  const shows = useCallback((text: 'helperText' | 'errorText') => {
    setTexts((shown) => ({ ...shown, [text]: shown[text] + 1 }))
    return () => setTexts((shown) => ({ ...shown, [text]: shown[text] - 1 }))
  }, [])
  const state = useMemo<FieldState>(
    () => ({
      ids: { control: id, label: `${id}-label`, helperText: `${id}-helper-text`, errorText: `${id}-error-text` },
      invalid,
      required,
      disabled,
      readOnly,
      hasHelperText: texts.helperText > 0,
      hasErrorText: texts.errorText > 0,
      shows,
    }),
    [id, invalid, required, disabled, readOnly, texts, shows],
  )
  return (
    <FieldContext.Provider value={state}>
      <StyledRoot
        ref={ref}
        role="group"
        data-disabled={dataAttr(disabled)}
        data-invalid={dataAttr(invalid)}
        data-readonly={dataAttr(readOnly)}
        {...props}
      />
    </FieldContext.Provider>
  )
})

export const Label = forwardRef<HTMLLabelElement, ComponentProps<typeof StyledLabel>>(function Label(props, ref) {
  const state = useContext(FieldContext)
  return (
    <StyledLabel
      ref={ref}
      id={state?.ids.label}
      htmlFor={state?.ids.control}
      data-disabled={dataAttr(Boolean(state?.disabled))}
      data-invalid={dataAttr(Boolean(state?.invalid))}
      data-readonly={dataAttr(Boolean(state?.readOnly))}
      data-required={dataAttr(Boolean(state?.required))}
      {...props}
    />
  )
})

/** Registers a help or error text with the field while it is shown, so the control refers to it. */
function useShown(text: 'helperText' | 'errorText', shown: boolean) {
  const state = useContext(FieldContext)
  const shows = state?.shows
  useLayoutEffect(() => (shown && shows ? shows(text) : undefined), [text, shown, shows])
  return state
}

export const HelperText = forwardRef<HTMLSpanElement, ComponentProps<typeof StyledHelperText>>(function HelperText(props, ref) {
  const state = useShown('helperText', true)
  return <StyledHelperText ref={ref} id={state?.ids.helperText} data-disabled={dataAttr(Boolean(state?.disabled))} {...props} />
})

export const ErrorText = forwardRef<HTMLSpanElement, ComponentProps<typeof StyledErrorText>>(function ErrorText(props, ref) {
  const invalid = useContext(FieldContext)?.invalid ?? false
  const state = useShown('errorText', invalid)
  if (!invalid) return null
  return <StyledErrorText ref={ref} id={state?.ids.errorText} aria-live="polite" {...props} />
})

/** Renders "*" (aria-hidden) when the root is `required`. */
export function RequiredIndicator({ children = '*' }: { children?: ReactNode }) {
  const required = useContext(FieldContext)?.required ?? false
  return required ? <StyledRequiredIndicator aria-hidden="true">{children}</StyledRequiredIndicator> : null
}

export const Input = forwardRef<HTMLInputElement, ComponentProps<typeof StyledInput>>(function Input(props, ref) {
  return <StyledInput ref={ref} {...useFieldControl()} {...props} />
})

export const Textarea = /* @__PURE__ */ forwardRef<HTMLTextAreaElement, ComponentProps<typeof StyledTextarea>>(function Textarea(props, ref) {
  return <StyledTextarea ref={ref} {...useFieldControl()} {...props} />
})
