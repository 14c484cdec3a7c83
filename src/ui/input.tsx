import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { styled } from '../../styled-system/jsx'
import { input, textarea } from '../../styled-system/recipes'

/** A bare text input. Give it a label: use it inside `Field` (or `TextField`), or pass `aria-label`. */
export const Input = styled(ark.input, input)
export type InputProps = ComponentProps<typeof Input>

export const Textarea = styled(ark.textarea, textarea)
export type TextareaProps = ComponentProps<typeof Textarea>
