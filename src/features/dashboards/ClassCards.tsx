import type { ReactNode } from 'react'
import { Temporal } from 'temporal-polyfill'
import type { Dashboard } from '../../../machines/types'
import type { Terms } from '../shared/terms'
import { ClassCard, classGrid } from './parts'

/**
 * The admin's and the teacher's class cards (spec 001 §2: up to 3, each linking to its class details),
 * their progress counted to the organization's today; `empty` stands in when there is no class.
 * The admin's cards name the teacher; a teacher's are all its own.
 */
export function ClassCards({
  dashboard,
  organizationId,
  terms,
  wording,
  showOwner,
  empty,
}: {
  dashboard: Dashboard
  organizationId: number
  terms: Terms
  wording: { viewClass: () => string; noTeacher: () => string }
  showOwner: boolean
  empty: ReactNode
}) {
  if (dashboard.classes.length === 0) return <>{empty}</>
  const today = Temporal.PlainDate.from(dashboard.week.today)
  return (
    <div className={classGrid}>
      {dashboard.classes.map((group) => (
        <ClassCard
          key={group.id}
          group={group}
          organizationId={organizationId}
          today={today}
          wording={wording}
          studentsLabel={terms.students()}
          teacherLabel={terms.teacher()}
          showOwner={showOwner}
          linkToClass
        />
      ))}
    </div>
  )
}
