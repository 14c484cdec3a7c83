import { Field as ArkField } from '@ark-ui/react/field'
import { Select as Ark, createListCollection } from '@ark-ui/react/select'
import { type ReactNode, useMemo } from 'react'
import { createStyleContext, styled } from '../../styled-system/jsx'
import { field, type SelectVariantProps, select } from '../../styled-system/recipes'
import { CheckIcon, ChevronsUpDownIcon } from './icons'

// Ark's Field, not the kit's (field.tsx): Ark's Select takes its ids, disabled, invalid and required from it.
const fieldContext = createStyleContext(field)
const Field = {
  Root: fieldContext.withProvider(ArkField.Root, 'root'),
  HelperText: fieldContext.withContext(ArkField.HelperText, 'helperText'),
  ErrorText: fieldContext.withContext(ArkField.ErrorText, 'errorText'),
  RequiredIndicator: styled(ArkField.RequiredIndicator, { base: { ms: '0.5', color: 'fg.error' } }),
}

const { withProvider, withContext } = createStyleContext(select)

// Ark's Root is generic over the item type; keep that through the style context.
const Root = withProvider(Ark.Root, 'root') as Ark.RootComponent<SelectVariantProps>
const Label = withContext(Ark.Label, 'label')
const Control = withContext(Ark.Control, 'control')
const Trigger = withContext(Ark.Trigger, 'trigger')
const ValueText = withContext(Ark.ValueText, 'valueText')
const Indicator = withContext(Ark.Indicator, 'indicator')
const Positioner = withContext(Ark.Positioner, 'positioner')
const Content = withContext(Ark.Content, 'content')
const Item = withContext(Ark.Item, 'item')
const ItemText = withContext(Ark.ItemText, 'itemText')
const ItemIndicator = withContext(Ark.ItemIndicator, 'itemIndicator')

export interface SelectItem {
  value: string
  label: string
  disabled?: boolean | undefined
}

export interface SelectProps {
  label: ReactNode
  items: SelectItem[]
  /** Selected values (one unless `multiple`). */
  value?: string[] | undefined
  defaultValue?: string[] | undefined
  onValueChange?: ((value: string[]) => void) | undefined
  placeholder?: string | undefined
  multiple?: boolean | undefined
  name?: string | undefined
  disabled?: boolean | undefined
  required?: boolean | undefined
  invalid?: boolean | undefined
  helperText?: ReactNode | undefined
  errorText?: ReactNode | undefined
  size?: 'sm' | 'md' | 'lg' | undefined
}

/** A labelled select (listbox popup: arrow keys, typeahead, Escape), with help and error text. */
export function Select({
  label,
  items,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  multiple,
  name,
  disabled,
  required,
  invalid,
  helperText,
  errorText,
  size,
}: SelectProps) {
  const collection = useMemo(() => createListCollection({ items }), [items])
  return (
    <Field.Root invalid={invalid ?? Boolean(errorText)} required={required} disabled={disabled}>
      <Root
        collection={collection}
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange ? (d) => onValueChange(d.value) : undefined}
        multiple={multiple}
        name={name}
        size={size}
        // Inline (not portalled) so the popup stays inside the page's landmarks and dialogs;
        // fixed so that scrolling or overflow-hidden ancestors do not clip it.
        positioning={{ sameWidth: true, strategy: 'fixed' }}
      >
        <Label>
          {label}
          <Field.RequiredIndicator />
        </Label>
        <Control>
          <Trigger>
            <ValueText placeholder={placeholder} />
            <Indicator>
              <ChevronsUpDownIcon />
            </Indicator>
          </Trigger>
        </Control>
        <Positioner>
          {/* a long list (countries, time zones) scrolls inside the room left on screen */}
          <Content maxH="min(20rem, var(--available-height, 20rem))" overflowY="auto">
            {collection.items.map((item) => (
              <Item key={item.value} item={item}>
                <ItemText>{item.label}</ItemText>
                <ItemIndicator>
                  <CheckIcon />
                </ItemIndicator>
              </Item>
            ))}
          </Content>
        </Positioner>
        <Ark.HiddenSelect />
      </Root>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  )
}
