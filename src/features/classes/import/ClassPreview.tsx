import { Fragment } from 'react'
import { Temporal } from 'temporal-polyfill'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { ClassImportClass } from '../../../../machines/types'
import { Stack, styled } from '../../../../styled-system/jsx'
import { ErrorPanel, Tabs, Text } from '../../../ui'

/**
 * One class of a class import's preview: its errors by row and column, and two tabs, the overview
 * (name and dates) and its goals, read-only (specification 001 §2 Class import).
 */
export function ClassPreview({ entry, errors }: { entry: ClassImportClass; errors: string[] }) {
  const { LL, locale } = useI18nContext()
  const T = LL.classImport
  const dateText = (iso: string | null, raw: string) => (iso ? Temporal.PlainDate.from(iso).toLocaleString(locale, { dateStyle: 'medium' }) : raw || '—')
  const goals = entry.goals

  return (
    <Stack gap="4" pt="4">
      <Text color="fg.muted">{T.row({ row: entry.row })}</Text>
      <ErrorPanel title={T.errorsLabel({ row: entry.row })} messages={errors} />
      <Tabs.Root defaultValue="overview" size="sm" aria-label={T.tabsLabel({ name: entry.name || T.row({ row: entry.row }) })}>
        <Tabs.List>
          <Tabs.Trigger value="overview">{T.tabOverview()}</Tabs.Trigger>
          <Tabs.Trigger value="goals">{T.tabGoals()}</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="overview">
          <Facts
            rows={[
              [T.fieldName(), entry.name || '—'],
              [T.fieldStart(), dateText(entry.start_date, entry.values.start_date)],
              [T.fieldEnd(), dateText(entry.end_date, entry.values.end_date)],
              ...(entry.teacher
                ? [[T.fieldTeacher(), entry.teacher.invited ? T.teacherInvited({ email: entry.teacher.email }) : entry.teacher.email] as [string, string]]
                : []),
            ]}
          />
        </Tabs.Content>
        <Tabs.Content value="goals">
          {goals ? (
            <Facts
              rows={[
                [T.daysPerWeek(), String(goals.practice_days_per_week)],
                [T.minutesPerDay(), String(goals.practice_minutes_per_day)],
                [T.assessment(), goals.test_before_class_stats === null ? T.no() : T.yes()],
                ...(goals.test_before_class_stats === null ? [] : [[T.engagementDays(), String(goals.test_before_class_stats)] as [string, string]]),
              ]}
            />
          ) : (
            <Text>{T.noGoals()}</Text>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}

/** Read-only label and value pairs. */
function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <styled.dl display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="6" rowGap="2" m="0">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <styled.dt fontWeight="medium">{label}</styled.dt>
          <styled.dd m="0">{value}</styled.dd>
        </Fragment>
      ))}
    </styled.dl>
  )
}
