import { Checkbox as Ark } from '@ark-ui/react/checkbox'
import { type ComponentProps, type ReactNode, forwardRef } from 'react'
import { createStyleContext } from '../../styled-system/jsx'
import { checkbox } from '../../styled-system/recipes'
import { CheckIcon, MinusIcon } from './icons'

const { withProvider, withContext } = createStyleContext(checkbox)

const Root = withProvider(Ark.Root, 'root')
const Control = withContext(Ark.Control, 'control')
const Indicator = withContext(Ark.Indicator, 'indicator')
const Label = withContext(Ark.Label, 'label')

type RootProps = ComponentProps<typeof Root>

export interface CheckboxProps extends Omit<RootProps, 'children'> {
  /** The visible label. Without one, pass `aria-label`. */
  children?: ReactNode
  'aria-label'?: string | undefined
}

/** A checkbox with its label; `checked` may be true, false or 'indeterminate'. */
export const Checkbox = forwardRef<HTMLLabelElement, CheckboxProps>(function Checkbox(
  { children, 'aria-label': ariaLabel, ...props },
  ref,
) {
  return (
    <Root ref={ref} {...props}>
      <Control>
        <Indicator>
          <CheckIcon />
        </Indicator>
        <Indicator indeterminate>
          <MinusIcon />
        </Indicator>
      </Control>
      {children ? <Label>{children}</Label> : null}
      <Ark.HiddenInput aria-label={ariaLabel} />
    </Root>
  )
})
