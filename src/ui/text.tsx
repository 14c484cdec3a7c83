import type { ComponentProps } from 'react'
import { styled } from '../../styled-system/jsx'
import { text } from '../../styled-system/recipes'

/** Body text, a <p> by default (`as="span"` etc.); size: xs .. 7xl. */
export const Text = styled('p', text)
export type TextProps = ComponentProps<typeof Text>

/** A heading, an <h2> by default: choose the level with `as="h1"` and the look with `size`. */
export const Heading = styled('h2', text, { defaultProps: { variant: 'heading', size: 'xl' } })
export type HeadingProps = ComponentProps<typeof Heading>
