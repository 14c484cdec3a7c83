import { ark } from '@ark-ui/react/factory'
import { type ComponentProps, forwardRef } from 'react'
import { styled } from '../../styled-system/jsx'
import { skeleton, spinner } from '../../styled-system/recipes'

const BaseSpinner = styled(ark.span, spinner)
type BaseSpinnerProps = ComponentProps<typeof BaseSpinner>

export interface SpinnerProps extends Omit<BaseSpinnerProps, 'aria-label' | 'role'> {
  /** What is loading, read by screen readers. Without it the spinner is decorative (aria-hidden). */
  label?: string | undefined
}

/** A busy indicator: `role="status"` with the given label, or decorative without one. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label, ...props },
  ref,
) {
  return label ? (
    <BaseSpinner ref={ref} role="status" aria-label={label} borderRightColor="transparent" {...props} />
  ) : (
    <BaseSpinner ref={ref} aria-hidden="true" borderRightColor="transparent" {...props} />
  )
})

const BaseSkeleton = styled(ark.div, skeleton)
type BaseSkeletonProps = ComponentProps<typeof BaseSkeleton>

export interface SkeletonProps extends BaseSkeletonProps {
  /** When true the children are shown instead of the placeholder. */
  loaded?: boolean | undefined
}

/**
 * A pulsing placeholder shaped like its children (or sized with style props).
 * It is hidden from assistive technology: put a labelled Spinner or `aria-busy` on the region.
 */
export const Skeleton = forwardRef<HTMLDivElement, SkeletonProps>(function Skeleton(
  { loaded, children, ...props },
  ref,
) {
  if (loaded) return <>{children}</>
  return (
    <BaseSkeleton ref={ref} aria-hidden="true" {...props}>
      {children}
    </BaseSkeleton>
  )
})
