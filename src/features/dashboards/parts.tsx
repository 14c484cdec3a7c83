import type { ReactNode } from 'react'
import { Temporal } from 'temporal-polyfill'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Dashboard, DashboardClass, DashboardLearner } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Box, Flex, HStack, Stack } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import { Badge, Card, Heading, Link, ProgressBar, Text } from '../../ui'
import { classTimeText } from '../classes/ClassStatus'
import { classProgress } from '../classes/progress'
import { asOfText } from './as-of'

/** The pieces the three dashboards are built of: panels, figures, class cards, the week's bars, learner lists. */

/** A titled panel of the dashboard (a section named by its heading). */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root asChild>
      <section aria-labelledby={id}>
        <Card.Body pt="5" gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="lg" id={id}>
              {title}
            </Heading>
            {action}
          </Flex>
          {children}
        </Card.Body>
      </section>
    </Card.Root>
  )
}

/** An in-app link in the kit's style. */
export function AppLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  return (
    <Link asChild>
      <RouterLink href={href} aria-label={label}>
        {children}
      </RouterLink>
    </Link>
  )
}

/** A count with its name, a link to the list and optional add actions. */
export function Figure({ label, value, href, actions }: { label: string; value: number; href?: string; actions?: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <Card.Root data-figure={label}>
      <Card.Body pt="5" gap="2">
        <Text textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="3xl" fontWeight="bold" lineHeight="1">
          {value}
        </Text>
        {href ? (
          <AppLink href={href} label={`${LL.dashboards.viewAll()}: ${label}`}>
            {LL.dashboards.viewAll()}
          </AppLink>
        ) : null}
        {actions ? (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
}

/** A row of figures: one column at 360 px, up to four on a wide screen. */
export const figureGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } })

const fullName = (person: { first_name: string; last_name: string; email: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email

/** A class card (spec §2): name, view-class link, teacher, student count, progress (§4); goals and the week for a student. */
export function ClassCard({
  group,
  organizationId,
  today,
  wording,
  studentsLabel,
  teacherLabel,
  showOwner,
  linkToClass,
}: {
  group: DashboardClass
  organizationId: number
  today: Temporal.PlainDate
  wording: { viewClass: () => string; noTeacher: () => string }
  studentsLabel: string
  teacherLabel: string
  showOwner: boolean
  linkToClass: boolean
}) {
  const { LL } = useI18nContext()
  const t = LL.dashboards
  const progress = classProgress(group, today)
  const time = classTimeText(LL.classes, progress.time, false)
  return (
    <Card.Root data-class-card={group.name}>
      <Card.Body pt="5" gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Heading as="h3" size="md" wordBreak="break-word">
            {group.name}
          </Heading>
          <Badge variant="outline">{LL.classes.status[group.status]()}</Badge>
        </Flex>
        {showOwner ? (
          <Text textStyle="sm">
            {teacherLabel}: {group.owner ? fullName(group.owner) : wording.noTeacher()}
          </Text>
        ) : null}
        <Text textStyle="sm">{t.countOf({ label: studentsLabel, count: group.users_count })}</Text>
        {group.active_students !== null ? (
          <Text textStyle="sm" color="fg.muted">
            {t.activeInClass({ count: group.active_students })}
          </Text>
        ) : null}
        <ProgressBar value={progress.percent} tone={progress.tone} label={LL.classes.progress({ percent: progress.percent })}>
          {time ? (
            <Text textStyle="xs" color="fg.muted">
              {time}
            </Text>
          ) : null}
        </ProgressBar>
        <Text textStyle="sm">
          {group.assignment
            ? t.goals({ days: group.assignment.practice_days_per_week, minutes: group.assignment.practice_minutes_per_day })
            : t.noGoals()}
        </Text>
        {group.my_goal && group.assignment ? (
          <Stack gap="1">
            <ProgressBar
              value={Math.min(100, Math.round((group.my_goal.days_met / group.assignment.practice_days_per_week) * 100))}
              tone={group.my_goal.below_goal ? 'warning' : 'success'}
              label={t.goalProgress({ met: group.my_goal.days_met, goal: group.assignment.practice_days_per_week })}
            />
            <HStack gap="2" flexWrap="wrap">
              <Text textStyle="sm">{t.goalProgress({ met: group.my_goal.days_met, goal: group.assignment.practice_days_per_week })}</Text>
              <Badge variant={group.my_goal.below_goal ? 'solid' : 'subtle'} data-below-goal={group.my_goal.below_goal}>
                {group.my_goal.below_goal ? t.belowGoal() : t.onTrack()}
              </Badge>
            </HStack>
          </Stack>
        ) : null}
        {linkToClass ? <AppLink href={paths.classDetails(organizationId, group.id)}>{wording.viewClass()}</AppLink> : null}
      </Card.Body>
    </Card.Root>
  )
}

/** Up to 3 class cards side by side on a wide screen, one under the other at 360 px. */
export const classGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })

/**
 * The week's active learners, a bar a day from Saturday to Friday (the figures are written above the
 * bars, for everyone); the days after today have no figure and an empty, dashed place for their bar.
 */
export function WeekBars({ activity, today }: { activity: NonNullable<Dashboard['activity']>; today: string }) {
  const { LL, locale } = useI18nContext()
  const t = LL.dashboards
  const most = Math.max(1, ...activity.days.map((day) => day.active_students))
  return (
    <Stack gap="3">
      <Text fontWeight="medium" data-testid="active-of">
        {t.activeOf({ active: activity.active_students, total: activity.students })}
      </Text>
      <ol className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '2' })}>
        {activity.days.map((day) => {
          const date = Temporal.PlainDate.from(day.day)
          const weekday = date.toLocaleString(locale, { weekday: 'short' })
          const named = `${date.toLocaleString(locale, { weekday: 'long' })} ${LL.common.date({ value: day.day })}`
          const later = day.day > today
          return (
            <li key={day.day} data-day={day.day} aria-label={later ? t.dayToCome({ day: named }) : t.activeOn({ day: named, count: day.active_students })}>
              <Stack gap="1" align="center" aria-hidden="true">
                <Text textStyle="xs" fontWeight="semibold">
                  {later ? '\u00a0' : day.active_students}
                </Text>
                <Box
                  h="20"
                  w="full"
                  display="flex"
                  alignItems="flex-end"
                  borderRadius="l1"
                  bg={later ? 'transparent' : 'gray.a2'}
                  borderWidth={later ? '1px' : '0'}
                  borderStyle={later ? 'dashed' : 'none'}
                  borderColor="border.default"
                >
                  {later ? null : <Box w="full" bg="colorPalette.default" borderRadius="l1" style={{ height: `${(day.active_students / most) * 100}%` }} />}
                </Box>
                <Text textStyle="xs" color="fg.muted">
                  {weekday}
                </Text>
              </Stack>
            </li>
          )
        })}
      </ol>
    </Stack>
  )
}

/** Learners by name, with "and N more" when the list was cut. */
export function LearnerList({ list, empty, href }: { list: { count: number; results: DashboardLearner[] }; empty: string; href: (id: number) => string }) {
  const { LL } = useI18nContext()
  if (list.count === 0) return <Text color="fg.muted">{empty}</Text>
  return (
    <Stack gap="2">
      <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1' })}>
        {list.results.map((learner) => (
          <li key={learner.id}>
            <AppLink href={href(learner.id)}>{fullName(learner)}</AppLink>
          </li>
        ))}
      </ul>
      {list.count > list.results.length ? <Text color="fg.muted">{LL.dashboards.andMore({ count: list.count - list.results.length })}</Text> : null}
    </Stack>
  )
}

/** Learners below a class goal this week (weak-goal alerts). */
export function AlertList({ alerts, href }: { alerts: NonNullable<Dashboard['alerts']>; href: (id: number) => string }) {
  const { LL } = useI18nContext()
  const t = LL.dashboards
  if (alerts.count === 0) return <Text color="fg.muted">{t.noAlerts()}</Text>
  return (
    <Stack gap="2">
      <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2' })}>
        {alerts.results.map((alert) => (
          <li key={`${alert.learner.id}-${alert.class_id}`} data-alert={fullName(alert.learner)}>
            <Stack gap="0">
              <AppLink href={href(alert.learner.id)}>{fullName(alert.learner)}</AppLink>
              <Text textStyle="sm" color="fg.muted">
                {t.alertLine({ className: alert.class_name, met: alert.days_met, goal: alert.goal_days, minutes: alert.goal_minutes })}
              </Text>
            </Stack>
          </li>
        ))}
      </ul>
      {alerts.count > alerts.results.length ? <Text color="fg.muted">{t.andMore({ count: alerts.count - alerts.results.length })}</Text> : null}
    </Stack>
  )
}

/** Two panels side by side on a wide screen, each as tall as its own content (a short list leaves no empty card). */
export const twoColumns = css({ display: 'grid', gap: '4', alignItems: 'start', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } })

/** The small muted line: seen as "As of 14:32", read out as "Practice figures as of <day and time>". */
export function AsOf({ value }: { value: string }) {
  const { LL, locale } = useI18nContext()
  const text = asOfText(locale, value)
  return (
    <Text textStyle="xs" color="fg.muted" data-testid="as-of">
      <time dateTime={value} title={text.full} aria-hidden="true">
        {LL.dashboards.asOf({ time: text.short })}
      </time>
      <Text as="span" srOnly>
        {LL.dashboards.asOfLabel({ time: text.full })}
      </Text>
    </Text>
  )
}
