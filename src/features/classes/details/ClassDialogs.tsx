import { useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { ApiFailure, ClassDetailsForm, ClassGoals, ClassGroup } from '../../../../machines/types'
import { Flex, Stack } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { Button, Checkbox, Dialog, ErrorPanel, isEmail, Portal, TextField } from '../../../ui'
import { useClassListWording, useClassWording } from './wording'

/** The class page's dialogs (spec 001 §2 Class details): edit mode, goals, the teacher, and the confirmations of §6. */

function FormDialog({ title, description, busy, error, onCancel, onSubmit, submitLabel, danger, children }: {
  title: string
  description?: string
  busy: boolean
  error: ApiFailure | null
  onCancel: () => void
  onSubmit: () => void
  submitLabel: string
  danger?: boolean
  children?: React.ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root open role={danger ? 'alertdialog' : 'dialog'} onOpenChange={(d) => (d.open || busy ? undefined : onCancel())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                onSubmit()
              }}
            >
              <Stack gap="5" p="6">
                <Stack gap="1">
                  <Dialog.Title>{title}</Dialog.Title>
                  {description ? <Dialog.Description>{description}</Dialog.Description> : null}
                </Stack>
                {error ? <ErrorPanel messages={errorMessages(error, LL.common.genericError())} /> : null}
                {children}
                <Flex gap="3" justify="flex-end" wrap="wrap">
                  <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="submit" loading={busy} colorPalette={danger ? 'red' : undefined}>
                    {submitLabel}
                  </Button>
                </Flex>
              </Stack>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** Edit mode: name, dates, and for admins the teacher's address. */
export function EditClassDialog({ group, withTeacher, busy, error, onSave, onCancel }: {
  group: ClassGroup
  withTeacher: boolean
  busy: boolean
  error: ApiFailure | null
  onSave: (details: ClassDetailsForm, teacher?: string) => void
  onCancel: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classDetails
  const w = useClassWording(group.organization_id)
  const naming = useClassListWording(group.organization_id)
  const [name, setName] = useState(group.name)
  const [start, setStart] = useState(group.start_date)
  const [end, setEnd] = useState(group.end_date)
  const [teacher, setTeacher] = useState(group.owner?.email ?? group.pending_teacher ?? '')
  const [tried, setTried] = useState(false)
  const teacherInvalid = teacher.trim() !== '' && !isEmail(teacher.trim())
  return (
    <FormDialog
      title={w.editTitle()}
      busy={busy}
      error={error}
      onCancel={onCancel}
      submitLabel={t.save()}
      onSubmit={() => {
        setTried(true)
        if (!name.trim() || !start || !end || teacherInvalid) return
        onSave({ name: name.trim(), start_date: start, end_date: end }, withTeacher ? teacher : undefined)
      }}
    >
      <TextField
        label={naming.className()}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        errorText={tried && !name.trim() ? LL.classes.validation.nameRequired() : undefined}
        required
      />
      <Flex gap="3" wrap="wrap">
        <TextField label={LL.classes.startDate()} type="date" value={start} onChange={(event) => setStart(event.currentTarget.value)} required />
        <TextField label={LL.classes.endDate()} type="date" value={end} onChange={(event) => setEnd(event.currentTarget.value)} required />
      </Flex>
      {withTeacher ? (
        <TextField
          label={w.teacherEmail()}
          type="email"
          value={teacher}
          onChange={(event) => setTeacher(event.currentTarget.value)}
          helperText={w.assignTeacherHelp()}
          errorText={tried && teacherInvalid ? t.teacherEmailInvalid() : undefined}
        />
      ) : null}
    </FormDialog>
  )
}

/** The goals (spec 001 §5): days 1–7, minutes 1–1000, the assessment with its engagement days. */
export function GoalsDialog({ group, busy, error, onSave, onCancel }: {
  group: ClassGroup
  busy: boolean
  error: ApiFailure | null
  onSave: (goals: ClassGoals) => void
  onCancel: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classes
  const current = group.assignment
  const [days, setDays] = useState(String(current?.practice_days_per_week ?? 5))
  const [minutes, setMinutes] = useState(String(current?.practice_minutes_per_day ?? 10))
  const [assessment, setAssessment] = useState(current ? current.test_before_class_stats !== null : true)
  const [engagement, setEngagement] = useState(String(current?.test_before_class_stats ?? 3))
  const inRange = (value: string, min: number, max: number) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max
  const [tried, setTried] = useState(false)
  return (
    <FormDialog
      title={LL.classDetails.goals()}
      busy={busy}
      error={error}
      onCancel={onCancel}
      submitLabel={LL.classDetails.save()}
      onSubmit={() => {
        setTried(true)
        if (!inRange(days, 1, 7) || !inRange(minutes, 1, 1000) || (assessment && !inRange(engagement, 1, 365))) return
        onSave({
          practice_days_per_week: Number(days),
          practice_minutes_per_day: Number(minutes),
          test_before_class_stats: assessment ? Number(engagement) : null,
        })
      }}
    >
      <TextField label={t.daysPerWeek()} type="number" min={1} max={7} value={days} onChange={(e) => setDays(e.currentTarget.value)}
        errorText={tried && !inRange(days, 1, 7) ? t.validation.daysRange() : undefined} />
      <TextField label={t.minutesPerDay()} type="number" min={1} max={1000} value={minutes} onChange={(e) => setMinutes(e.currentTarget.value)}
        errorText={tried && !inRange(minutes, 1, 1000) ? t.validation.minutesRange() : undefined} />
      <Checkbox checked={assessment} onCheckedChange={(details) => setAssessment(details.checked === true)}>
        {t.takeAssessment()}
      </Checkbox>
      {assessment ? (
        <TextField label={t.engagementDays()} type="number" min={1} max={365} value={engagement} onChange={(e) => setEngagement(e.currentTarget.value)}
          errorText={tried && !inRange(engagement, 1, 365) ? t.validation.engagementRange() : undefined} />
      ) : null}
    </FormDialog>
  )
}

/** Assign the teacher by e-mail ('Please input correct email address' for a wrong one, §5). */
export function AssignTeacherDialog({ organizationId, busy, error, onSubmit, onCancel }: {
  organizationId: number
  busy: boolean
  error: ApiFailure | null
  onSubmit: (email: string) => void
  onCancel: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classDetails
  const w = useClassWording(organizationId)
  const [email, setEmail] = useState('')
  const [touched, setTouched] = useState(false)
  const invalid = !isEmail(email.trim())
  return (
    <FormDialog
      title={w.assignTeacher()}
      description={w.assignTeacherHelp()}
      busy={busy}
      error={error}
      onCancel={onCancel}
      submitLabel={w.assignTeacher()}
      onSubmit={() => {
        setTouched(true)
        if (!invalid) onSubmit(email.trim())
      }}
    >
      <TextField
        label={w.teacherEmail()}
        type="email"
        value={email}
        placeholder="name@example.com"
        onChange={(event) => setEmail(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        errorText={touched && invalid ? t.teacherEmailInvalid() : undefined}
        required
      />
    </FormDialog>
  )
}

/** A confirmation before a removal (§6). */
export function ConfirmDialog({ title, description, busy, error, confirmLabel, onConfirm, onCancel }: {
  title: string
  description: string
  busy: boolean
  error: ApiFailure | null
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <FormDialog title={title} description={description} busy={busy} error={error} onCancel={onCancel} onSubmit={onConfirm} submitLabel={confirmLabel} danger />
  )
}
