import { ark } from '@ark-ui/react/factory'
import { type ComponentProps, type MouseEvent, type ReactNode, forwardRef } from 'react'
import { styled } from '../../styled-system/jsx'
import { button } from '../../styled-system/recipes'
import { Spinner } from './spinner'

const BaseButton = styled(ark.button, button)
type BaseButtonProps = ComponentProps<typeof BaseButton>

export interface ButtonProps extends BaseButtonProps {
  /** Shows a spinner and ignores clicks; the button keeps its focus (aria-disabled, not disabled). */
  loading?: boolean | undefined
  /** Text shown next to the spinner while loading; without it the label stays (invisible) for its width and name. */
  loadingText?: ReactNode | undefined
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading, loadingText, children, onClick, ...props },
  ref,
) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <BaseButton
      type="button"
      ref={ref}
      {...props}
      onClick={handleClick}
      aria-disabled={loading || props['aria-disabled'] || undefined}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
    >
      {loading && !props.asChild ? (
        loadingText ? (
          <>
            <Spinner size="sm" borderColor="currentColor" borderRightColor="transparent" />
            {loadingText}
          </>
        ) : (
          <>
            <styled.span position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center">
              <Spinner size="sm" borderColor="currentColor" borderRightColor="transparent" />
            </styled.span>
            <styled.span opacity="0" display="inline-flex" alignItems="center" gap="2">
              {children}
            </styled.span>
          </>
        )
      ) : (
        children
      )}
    </BaseButton>
  )
})
