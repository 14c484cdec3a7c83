import { TagsInput as Ark, type UseTagsInputProps, useTagsInput } from '@ark-ui/react/tags-input'
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, useId } from 'react'
import { createStyleContext, styled } from '../../styled-system/jsx'
import { tagsInput } from '../../styled-system/recipes'
import { IconButton } from './icon-button'
import { XIcon } from './icons'

const { withProvider, withContext } = createStyleContext(tagsInput)

const RootProvider = withProvider(Ark.RootProvider, 'root')
const Label = withContext(Ark.Label, 'label')
const Control = withContext(Ark.Control, 'control')
const Input = withContext(Ark.Input, 'input')
const Item = withContext(Ark.Item, 'item')
const ItemPreview = withContext(Ark.ItemPreview, 'itemPreview')
const ItemText = withContext(Ark.ItemText, 'itemText')
const ItemInput = withContext(Ark.ItemInput, 'itemInput')
const ItemDeleteTrigger = withContext(Ark.ItemDeleteTrigger, 'itemDeleteTrigger')

/** A standard e-mail pattern (the one of the HTML spec for <input type="email">). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value)

/** Separators of an e-mail list: newline, semicolon, comma, space (and tabs). */
export const EMAIL_DELIMITER = /[\s,;]+/

export type TagsInputTranslations = NonNullable<UseTagsInputProps['translations']>

export interface TagsInputProps {
  label: ReactNode
  value?: string[] | undefined
  defaultValue?: string[] | undefined
  onValueChange?: ((value: string[]) => void) | undefined
  /** Whether one entry may be added. Default: `isEmail`. */
  validate?: ((value: string) => boolean) | undefined
  /** What separates entries typed or pasted. Default: `EMAIL_DELIMITER`. */
  delimiter?: string | RegExp | undefined
  /** Called with the entries that were typed or pasted but not added because they are invalid. */
  onInvalid?: ((rejected: string[]) => void) | undefined
  /** Name of each tag's remove button, e.g. (v) => `Remove ${v}`. */
  deleteTagLabel: (value: string) => string
  /** Screen-reader announcements (tag added, deleted, ...); Ark's defaults are English. */
  translations?: Omit<TagsInputTranslations, 'deleteTagTriggerLabel'> | undefined
  placeholder?: string | undefined
  helperText?: ReactNode | undefined
  /** Shown (and the input marked invalid) when set. */
  errorText?: ReactNode | undefined
  invalid?: boolean | undefined
  disabled?: boolean | undefined
  required?: boolean | undefined
  /** Name of the hidden input (comma-separated values) for form posts. */
  name?: string | undefined
  max?: number | undefined
}

const uniq = (values: string[]) => Array.from(new Set(values))

/**
 * A list of tags typed into one box, by default for e-mail addresses: typing a separator,
 * pressing Enter or leaving the box adds the entry; pasting adds every valid entry of the
 * pasted text; invalid entries are never added (they are reported through `onInvalid`).
 * Backspace/arrow keys move to tags, Delete/Backspace removes, Enter edits one.
 */
export function TagsInput({
  label,
  value,
  defaultValue,
  onValueChange,
  validate = isEmail,
  delimiter = EMAIL_DELIMITER,
  onInvalid,
  deleteTagLabel,
  translations,
  placeholder,
  helperText,
  errorText,
  invalid,
  disabled,
  required,
  name,
  max,
}: TagsInputProps) {
  const id = useId()
  const helperId = `${id}-helper`
  const errorId = `${id}-error`
  const isInvalid = invalid ?? Boolean(errorText)

  const api = useTagsInput({
    value,
    defaultValue,
    onValueChange: onValueChange ? (d) => onValueChange(d.value) : undefined,
    validate: ({ inputValue }) => {
      const ok = validate(inputValue)
      if (!ok && inputValue) onInvalid?.([inputValue])
      return ok
    },
    delimiter,
    addOnPaste: false,
    blurBehavior: 'add',
    editable: true,
    translations: { ...translations, deleteTagTriggerLabel: deleteTagLabel },
    invalid: isInvalid,
    disabled,
    required,
    name,
    max,
    placeholder,
  })

  /**
   * Adds the valid entries, reports the invalid ones and leaves `rest` in the box, all within the event.
   * Zag adds a tag at once but empties its box a frame later, so a key typed within that frame was lost
   * ("a@b.c,r" became "a@b.c" and "", the "r" gone): separators, Enter and pasting are handled here.
   */
  const commit = (input: HTMLInputElement, entries: string[], rest: string) => {
    const trimmed = entries.map((entry) => entry.trim()).filter(Boolean)
    const accepted = trimmed.filter((entry) => validate(entry))
    const rejected = trimmed.filter((entry) => !validate(entry))
    if (accepted.length > 0) {
      const next = uniq([...api.value, ...accepted])
      api.setValue(max === undefined ? next : next.slice(0, max))
    }
    input.value = rest
    api.setInputValue(rest)
    if (rejected.length > 0) onInvalid?.(rejected)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return
    const input = event.currentTarget
    const separator =
      event.key.length === 1 &&
      (typeof delimiter === 'string' ? event.key === delimiter : new RegExp(delimiter).test(event.key))
    if (!separator && !(event.key === 'Enter' && input.value.trim())) return
    event.preventDefault()
    if (event.key === 'Enter') {
      commit(input, [input.value], '')
      return
    }
    const start = input.selectionStart ?? input.value.length
    const end = input.selectionEnd ?? start
    const parts = (input.value.slice(0, start) + event.key + input.value.slice(end)).split(delimiter)
    const rest = parts.pop() ?? ''
    commit(input, parts, rest)
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text')
    if (!text) return
    event.preventDefault()
    commit(event.currentTarget, (api.inputValue + text).split(delimiter), '')
  }

  const describedBy =
    [helperText ? helperId : null, isInvalid && errorText ? errorId : null].filter(Boolean).join(' ') ||
    undefined

  return (
    <RootProvider value={api}>
      <Label>{label}</Label>
      <Control>
        {api.value.map((tag, index) => (
          <Item key={`${index}-${tag}`} index={index} value={tag}>
            <ItemPreview>
              <ItemText>{tag}</ItemText>
              <ItemDeleteTrigger asChild>
                <IconButton aria-label={deleteTagLabel(tag)} variant="link" size="xs" h="auto" minW="4">
                  <XIcon />
                </IconButton>
              </ItemDeleteTrigger>
            </ItemPreview>
            <ItemInput />
          </Item>
        ))}
        <Input
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          aria-describedby={describedBy}
          aria-invalid={isInvalid || undefined}
          flex="1"
          minW="12ch"
        />
      </Control>
      <Ark.HiddenInput />
      {helperText ? (
        <styled.p id={helperId} color="fg.muted" textStyle="sm">
          {helperText}
        </styled.p>
      ) : null}
      {isInvalid && errorText ? (
        <styled.p id={errorId} color="fg.error" textStyle="sm">
          {errorText}
        </styled.p>
      ) : null}
    </RootProvider>
  )
}
