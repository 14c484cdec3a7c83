import { type ComponentProps, type ReactNode, forwardRef } from 'react'
import { css, cx } from '../../styled-system/css'
import { styled } from '../../styled-system/jsx'
import { input } from '../../styled-system/recipes'
import * as Field from './field'
import { ChevronsUpDownIcon } from './icons'
import type { SelectItem } from './select'

// The input's look (border, height, focus ring), with room for the chevron; the options in the page's colours.
const StyledSelect = styled('select', input)
const selectClass = css({ bg: 'bg.default', pe: '8', cursor: 'pointer' })
const chevronClass = css({
  position: 'absolute',
  insetEnd: '2.5',
  top: '50%',
  transform: 'translateY(-50%)',
  w: '4',
  h: '4',
  color: 'fg.subtle',
  pointerEvents: 'none',
})

type StyledSelectProps = Omit<ComponentProps<typeof StyledSelect>, 'children' | 'onChange'>

export interface NativeSelectProps extends StyledSelectProps {
  label: ReactNode
  items: SelectItem[]
  onValueChange?: ((value: string) => void) | undefined
}

/**
 * A labelled select of one value, as the browser's own <select> (its popup, keyboard and screen reader
 * support), looking like the kit's fields. For a short list where the kit's Select, a listbox with its
 * state machine and positioning, would weigh more than the page around it (the login page's language).
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect({ label, ...props }, ref) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Control ref={ref} {...props} />
    </Field.Root>
  )
})

const Control = forwardRef<HTMLSelectElement, Omit<NativeSelectProps, 'label'>>(function Control(
  { items, onValueChange, className, ...props },
  ref,
) {
  return (
    <div className={css({ position: 'relative' })}>
      <StyledSelect
        ref={ref}
        {...Field.useFieldControl()}
        className={cx(selectClass, className)}
        onChange={(event) => onValueChange?.(event.currentTarget.value)}
        {...props}
      >
        {items.map((item) => (
          <option key={item.value} value={item.value} disabled={item.disabled}>
            {item.label}
          </option>
        ))}
      </StyledSelect>
      <ChevronsUpDownIcon className={chevronClass} />
    </div>
  )
})
