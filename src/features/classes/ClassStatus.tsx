import { Link } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { ClassGroup } from '../../../machines/types'
import { css, cx } from '../../../styled-system/css'
import { Stack } from '../../../styled-system/jsx'
import type { StackProps } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import { ProgressBar, Text } from '../../ui'
import { useOrganizationToday } from '../shared/organization-today'
import { classProgress, type TimeText } from './progress'

/**
 * A class as the lists show it (the class list's rows, a person's classes): its name as a link, and its
 * status with the progress bar and the time left or to go (spec 001 §4), on the organization's date.
 */

type ClassesTexts = ReturnType<typeof useI18nContext>['LL']['classes']

/** The line under a progress bar; a draft says it is not scheduled yet. */
export function classTimeText(t: ClassesTexts, time: TimeText, draft: boolean): string | null {
  switch (time.kind) {
    case 'daysLeft':
      return t.daysLeft({ count: time.count })
    case 'daysToGo':
      return t.daysToGo({ count: time.count })
    case 'endsToday':
      return t.endsToday()
    case 'ended':
      return t.ended()
    case 'none':
      return draft ? t.notScheduled() : null
  }
}

/** The class's name: a draft reopens in the wizard, at the step it was left; a class opens its page. */
export function ClassLink({ group, className }: { group: Pick<ClassGroup, 'id' | 'name' | 'is_draft' | 'organization_id'>; className?: string }) {
  return (
    <Link
      href={group.is_draft ? paths.classesNew(group.organization_id, group.id) : paths.classDetails(group.organization_id, group.id)}
      className={cx(css({ color: 'colorPalette.text', textDecoration: 'underline' }), className)}
    >
      {group.name}
    </Link>
  )
}

/** The status in words, the progress bar, and the time left or to go. */
export function ClassStatusProgress({ group, ...frame }: { group: Pick<ClassGroup, 'status' | 'start_date' | 'end_date' | 'organization_id'> } & StackProps) {
  const { LL } = useI18nContext()
  const progress = classProgress(group, useOrganizationToday(group.organization_id))
  const time = classTimeText(LL.classes, progress.time, group.status === 'draft')
  return (
    <Stack gap="1" {...frame}>
      <Text textStyle="sm" fontWeight="medium">
        {LL.classes.status[group.status]()}
      </Text>
      <ProgressBar value={progress.percent} tone={progress.tone} label={LL.classes.progress({ percent: progress.percent })} />
      {time ? (
        <Text textStyle="xs" color="fg.muted">
          {time}
        </Text>
      ) : null}
    </Stack>
  )
}
