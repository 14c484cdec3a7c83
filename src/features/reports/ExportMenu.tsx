import { useActorRef, useSelector } from '@xstate/react'
import { useI18nContext } from '../../../locales/i18n-react'
import { classExportMachine, type ClassExportFormat, type ClassExportKind } from '../../../machines/class-export'
import { classExportActors } from '../../api/class-exports'
import { errorMessages } from '../../api/errors'
import { Flex, Stack } from '../../../styled-system/jsx'
import { Button, ChevronDownIcon, ErrorPanel, Menu } from '../../ui'
import { useOrganizationType } from '../shared/current'
import { useTerms } from '../shared/terms'

export interface ExportMenuProps {
  organizationId: number
  groupId: number
  /** The range shown (local dates of the organization, YYYY-MM-DD, both included). */
  from: string
  to: string
}

const CHOICES = [
  ['activity', 'csv'],
  ['activity', 'xlsx'],
  ['assessment', 'csv'],
  ['assessment', 'xlsx'],
  ['lesson', 'csv'],
  ['lesson', 'xlsx'],
] as const satisfies readonly (readonly [ClassExportKind, ClassExportFormat])[]

/**
 * The export menu of the class details (specification 001 §2: export buttons for activity, assessment and
 * lesson detail; §6: admin or teacher — the page shows it to them only, the server refuses the others).
 * One export at a time: the button is busy while the file downloads; a failure says what to do.
 */
export function ExportMenu({ organizationId, groupId, from, to }: ExportMenuProps) {
  const { LL } = useI18nContext()
  const T = LL.classExports
  const type = useOrganizationType(organizationId)
  const terms = useTerms(type)
  const flow = useActorRef(classExportMachine.provide({ actors: classExportActors }))
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => s.context.error)
  const request = useSelector(flow, (s) => s.context.request)
  const labels: Record<`${ClassExportKind}-${ClassExportFormat}`, string> = {
    'activity-csv': T.activityCsv(),
    'activity-xlsx': T.activityXlsx(),
    'assessment-csv': T.assessmentCsv(),
    'assessment-xlsx': T.assessmentXlsx(),
    'lesson-csv': T.lessonCsv(),
    'lesson-xlsx': T.lessonXlsx(),
  }
  const start = (kind: ClassExportKind, format: ClassExportFormat) =>
    flow.send({ type: 'export.start', request: { groupId, kind, format, from, to } })
  const messages = error
    ? error.status === 403
      ? [(type === 'company' ? T.company : T.school).forbidden()]
      : errorMessages(error, LL.errors.generic(), LL.errors.network())
    : []

  return (
    <Stack gap="3" alignItems="flex-start">
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) => {
          const [kind, format] = value.split('-') as [ClassExportKind, ClassExportFormat]
          start(kind, format)
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="outline" loading={busy} loadingText={T.downloading()} data-testid="export-menu">
            {T.menu()}
            <ChevronDownIcon />
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{T.heading({ what: terms.class() })}</Menu.ItemGroupLabel>
              {CHOICES.map(([kind, format]) => (
                <Menu.Item key={`${kind}-${format}`} value={`${kind}-${format}`} disabled={busy}>
                  {labels[`${kind}-${format}`]}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {error ? (
        <Stack gap="2">
          <ErrorPanel title={T.failed()} messages={messages} />
          <Flex gap="2">
            {request && error.status !== 403 ? (
              <Button size="sm" onClick={() => flow.send({ type: 'export.start', request })}>
                {T.retry()}
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'export.dismiss' })}>
              {T.dismiss()}
            </Button>
          </Flex>
        </Stack>
      ) : null}
    </Stack>
  )
}
