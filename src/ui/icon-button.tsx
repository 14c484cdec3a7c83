import { forwardRef } from 'react'
import { Button, type ButtonProps } from './button'

export interface IconButtonProps extends Omit<ButtonProps, 'aria-label' | 'loadingText'> {
  /** The accessible name: an icon button has no visible text. */
  'aria-label': string
}

/** A square button holding only an icon; `aria-label` is required. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  props,
  ref,
) {
  return <Button ref={ref} px="0" {...props} />
})
