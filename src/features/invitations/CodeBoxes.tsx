import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { HStack } from '../../../styled-system/jsx'
import { Input } from '../../ui'

export interface CodeBoxesProps {
  /** The code so far (letters and digits, upper-case): its characters fill the boxes from the first. */
  value: string
  length: number
  /** The whole code after a key or a paste; the flow normalizes it. */
  onChange: (code: string) => void
  labelledBy: string
  invalid?: boolean
  disabled?: boolean
}

/**
 * One box per character of a code (spec §2: code entry). Typing fills a box and moves to the next;
 * Backspace empties the box (or the one before); the arrow keys move; a paste in any box fills them
 * all. The boxes fill from the first: a click past the code lands on the first empty box.
 */
export function CodeBoxes({ value, length, onChange, labelledBy, invalid, disabled }: CodeBoxesProps) {
  const { LL } = useI18nContext()
  const boxes = useRef<Array<HTMLInputElement | null>>([])
  // the code as last changed here: keys typed quickly arrive before the next render brings `value`
  const latest = useRef(value)
  latest.current = value
  const change = (code: string) => {
    latest.current = code
    onChange(code)
  }
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus()

  const put = (index: number, typed: string) => {
    const characters = typed.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
    if (!characters) return
    const current = latest.current
    const at = Math.min(index, current.length)
    const next = (current.slice(0, at) + characters + current.slice(at + characters.length)).slice(0, length)
    change(next)
    focus(Math.min(at + characters.length, length - 1))
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      const current = latest.current
      const at = index < current.length ? index : current.length - 1
      if (at < 0) return
      change(current.slice(0, at) + current.slice(at + 1))
      focus(at)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focus(Math.min(index + 1, latest.current.length))
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const pasted = event.clipboardData.getData('text').replace(/[^A-Za-z0-9]/g, '').toUpperCase().slice(0, length)
    if (!pasted) return
    change(pasted)
    focus(Math.min(pasted.length, length - 1))
  }

  return (
    <HStack gap={{ base: '1.5', sm: '2' }} role="group" aria-labelledby={labelledBy}>
      {Array.from({ length }, (_, index) => (
        <Input
          key={index}
          ref={(element: HTMLInputElement | null) => {
            boxes.current[index] = element
          }}
          value={value[index] ?? ''}
          aria-label={LL.organizationUsers.joinCode.page.box({ index: index + 1, count: length })}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          w={{ base: '10', sm: '12' }}
          h={{ base: '12', sm: '14' }}
          px="0"
          textAlign="center"
          fontSize="xl"
          fontFamily="mono"
          fontWeight="semibold"
          onFocus={() => {
            if (index > latest.current.length) focus(latest.current.length)
          }}
          onChange={(event) => put(index, event.currentTarget.value.replace(value[index] ?? '', ''))}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
        />
      ))}
    </HStack>
  )
}
