import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { reportRangeMachine } from '../../../machines/report-range'
import type { ReportScope, ReportShortcut } from '../../../machines/types'
import { useI18nContext } from '../../../locales/i18n-react'
import { HStack, Stack, styled } from '../../../styled-system/jsx'
import { Button, ChevronDownIcon, Menu, Text, TextField } from '../../ui'
import { SCOPES, SHORTCUTS } from './range'

export type ReportRangeActor = ActorRefFrom<typeof reportRangeMachine>

/**
 * The date-interval picker (spec §2): a menu of the six shortcuts, two dates (none after tomorrow:
 * the inputs' max, and the machine refuses a later one) and the scope as three toggle buttons.
 * Whether two dates make an interval is the machine's rule alone: it keeps a refused pair as typed.
 * Every control is a native control or an Ark menu, so it works from the keyboard.
 */
export function ReportRange({ range }: { range: ReportRangeActor }) {
  const { LL } = useI18nContext()
  const t = LL.reports
  const { from, to, typed, scope, shortcut, maxDate } = useSelector(range, (s) => ({
    from: s.context.from,
    to: s.context.to,
    typed: s.context.typed,
    scope: s.context.scope,
    shortcut: s.context.shortcut,
    maxDate: s.context.calendar.maxDate,
  }), (a, b) => a.from === b.from && a.to === b.to && a.typed === b.typed && a.scope === b.scope && a.shortcut === b.shortcut)
  // the machine takes the dates or keeps them as typed (refused): the picker shows what it says
  const shown = typed ?? { from, to }
  const invalid = typed !== null
  const pick = (next: { from: string; to: string }) => range.send({ type: 'range.dates', from: next.from, to: next.to })
  const shortcutLabel = (name: ReportShortcut) => t[name]()
  const scopeLabel = (name: ReportScope) => t[name]()

  return (
    <Stack gap="2" role="group" aria-label={t.range()}>
      <HStack gap="3" flexWrap="wrap" alignItems="flex-end">
        <Menu.Root onSelect={({ value }) => range.send({ type: 'range.shortcut', shortcut: value as ReportShortcut })}>
          <Menu.Trigger asChild>
            <Button variant="outline" aria-label={`${t.shortcuts()}: ${shortcut ? shortcutLabel(shortcut) : t.customRange()}`}>
              {shortcut ? shortcutLabel(shortcut) : t.customRange()}
              <ChevronDownIcon />
            </Button>
          </Menu.Trigger>
          <Menu.Positioner>
            <Menu.Content>
              {SHORTCUTS.map((name) => (
                <Menu.Item key={name} value={name}>
                  {shortcutLabel(name)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Menu.Root>
        <HStack gap="3" flex={{ base: '1 1 100%', md: '0 0 auto' }} order={{ base: 1, md: 0 }} alignItems="flex-end">
          <styled.div flex="1" maxWidth="44">
            <TextField label={t.from()} type="date" value={shown.from} max={maxDate} onChange={(e) => pick({ ...shown, from: e.currentTarget.value })} invalid={invalid} />
          </styled.div>
          <styled.div flex="1" maxWidth="44">
            <TextField label={t.to()} type="date" value={shown.to} max={maxDate} onChange={(e) => pick({ ...shown, to: e.currentTarget.value })} invalid={invalid} />
          </styled.div>
        </HStack>
        <HStack gap="0" role="group" aria-label={t.scope()}>
          {SCOPES.map((name, index) => (
            <Button
              key={name}
              variant={scope === name ? 'solid' : 'outline'}
              aria-pressed={scope === name}
              borderStartRadius={index === 0 ? undefined : '0'}
              borderEndRadius={index === SCOPES.length - 1 ? undefined : '0'}
              onClick={() => range.send({ type: 'range.scope', scope: name })}
            >
              {scopeLabel(name)}
            </Button>
          ))}
        </HStack>
      </HStack>
      {invalid ? (
        <Text color="fg.error" textStyle="sm" role="alert">
          {t.badDates()}
        </Text>
      ) : null}
    </Stack>
  )
}
