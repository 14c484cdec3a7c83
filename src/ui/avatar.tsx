import { Avatar as Ark } from '@ark-ui/react/avatar'
import { type ComponentProps, forwardRef } from 'react'
import { cva } from '../../styled-system/css'
import { createStyleContext } from '../../styled-system/jsx'
import { avatar } from '../../styled-system/recipes'

const { withProvider, withContext } = createStyleContext(avatar)

const Root = withProvider(Ark.Root, 'root')
const Fallback = withContext(Ark.Fallback, 'fallback')
const Image = withContext(Ark.Image, 'image')

/** The three avatar backgrounds, picked by a hash of the name. */
const palette = cva({
  base: { background: 'colorPalette.4', color: 'colorPalette.12', borderColor: 'colorPalette.6' },
  variants: {
    tone: {
      0: { colorPalette: 'accent' },
      1: { colorPalette: 'teal' },
      2: { colorPalette: 'amber' },
    },
  },
})

/** 0, 1 or 2 for a name, the same every time. */
export function avatarTone(name: string): 0 | 1 | 2 {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return (hash % 3) as 0 | 1 | 2
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters
    .map((w) => Array.from(w ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase()
}

type RootProps = ComponentProps<typeof Root>

export interface AvatarProps extends Omit<RootProps, 'children'> {
  /** The person's name: gives the initials, the color and the accessible name. */
  name: string
  src?: string | null | undefined
  /** When the name is already written next to the avatar, hide it from screen readers. */
  decorative?: boolean | undefined
}

/** A round picture of a person, or their initials on one of three colors. */
export const Avatar = forwardRef<HTMLDivElement, AvatarProps>(function Avatar(
  { name, src, decorative, ...props },
  ref,
) {
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name }
  return (
    <Root ref={ref} {...a11y} {...props}>
      <Fallback className={palette({ tone: avatarTone(name) })}>{initials(name)}</Fallback>
      {src ? <Image src={src} alt="" /> : null}
    </Root>
  )
})
