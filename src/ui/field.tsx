import { Field } from '@ark-ui/react/field'
import { styled } from '../../styled-system/jsx'
import { createStyleContext } from '../../styled-system/jsx'
import { field, input, textarea } from '../../styled-system/recipes'

/**
 * Ark's Field, styled by the preset: `Root` (invalid, required, disabled, readOnly) ties
 * the label, help text and error text to the control with ids and aria attributes.
 * `ErrorText` renders only while the root is `invalid`.
 */
const { withProvider, withContext } = createStyleContext(field)

export const Root = withProvider(Field.Root, 'root')
export const Label = withContext(Field.Label, 'label')
export const HelperText = withContext(Field.HelperText, 'helperText')
export const ErrorText = withContext(Field.ErrorText, 'errorText')
/** Renders "*" (aria-hidden) when the root is `required`. */
export const RequiredIndicator = styled(Field.RequiredIndicator, { base: { ms: '0.5', color: 'fg.error' } })
export const Input = styled(Field.Input, input)
export const Textarea = styled(Field.Textarea, textarea)
export { FieldContext as Context } from '@ark-ui/react/field'
