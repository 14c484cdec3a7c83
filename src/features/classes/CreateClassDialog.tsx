import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { classCreateMachine } from '../../../machines/class-create'
import { Flex, Stack } from '../../../styled-system/jsx'
import { createClass } from '../../api/classes'
import { fieldErrorsOf } from '../../api/errors'
import { Button, Checkbox, Dialog, ErrorPanel, Portal, TextField } from '../../ui'

/** Spec 001 §9: a class lasts 30 days unless told otherwise. */
const DEFAULT_LENGTH_DAYS = 30

type Wording = TranslationFunctions['classes']['school']

/**
 * The simple create-class dialog (spec 001 §2; the full wizard with teacher and students comes later):
 * name, dates (today and 30 days later), goals (§5 defaults), saved as a class or as a draft. The
 * server's messages are shown by field.
 */
export function CreateClassDialog({
  organizationId,
  wording,
  onClose,
  onCreated,
}: {
  organizationId: number
  wording: Wording
  onClose: () => void
  onCreated: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classes
  const flow = useActorRef(classCreateMachine.provide({ actors: { createClass }, actions: { announceCreated: () => onCreated() } }), {
    input: { organizationId },
  })
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => s.context.error)
  const today = Temporal.Now.plainDateISO()
  const [name, setName] = useState('')
  const [start, setStart] = useState(today.toString())
  const [end, setEnd] = useState(today.add({ days: DEFAULT_LENGTH_DAYS }).toString())
  const [days, setDays] = useState('5')
  const [minutes, setMinutes] = useState('10')
  const [assessment, setAssessment] = useState(true)
  const [engagement, setEngagement] = useState('3')
  const fields = fieldErrorsOf(error?.body)
  const { name: nameError, start_date: startError, end_date: endError, practice_days_per_week: daysError, practice_minutes_per_day: minutesError, test_before_class_stats: engagementError, ...others } = fields
  const otherMessages = [...Object.values(others), ...(typeof error?.body.detail === 'string' ? [error.body.detail] : [])]

  const submit = (isDraft: boolean) => (event?: FormEvent) => {
    event?.preventDefault()
    flow.send({
      type: 'create.submit',
      details: { name, start_date: start, end_date: end, is_draft: isDraft },
      goals: {
        practice_days_per_week: Number(days),
        practice_minutes_per_day: Number(minutes),
        test_before_class_stats: assessment ? Number(engagement) : null,
      },
    })
  }

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open || busy ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: 'lg' }} maxH="calc(100dvh - 2rem)" overflowY="auto">
            <form noValidate onSubmit={submit(false)}>
              <Stack gap="5" p="6">
                <Dialog.Title>{wording.newClass()}</Dialog.Title>
                {otherMessages.length > 0 ? <ErrorPanel messages={otherMessages} /> : null}
                <TextField label={wording.className()} value={name} onChange={(e) => setName(e.currentTarget.value)} errorText={nameError} />
                <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
                  <TextField label={t.startDate()} type="date" value={start} onChange={(e) => setStart(e.currentTarget.value)} errorText={startError} />
                  <TextField label={t.endDate()} type="date" value={end} onChange={(e) => setEnd(e.currentTarget.value)} errorText={endError} />
                </Flex>
                <fieldset>
                  <Stack gap="3">
                    <legend>{t.goals()}</legend>
                    <TextField label={t.daysPerWeek()} type="number" min={1} max={7} value={days} onChange={(e) => setDays(e.currentTarget.value)} errorText={daysError} />
                    <TextField
                      label={t.minutesPerDay()}
                      type="number"
                      min={1}
                      max={1000}
                      value={minutes}
                      onChange={(e) => setMinutes(e.currentTarget.value)}
                      errorText={minutesError}
                    />
                    <Checkbox checked={assessment} onCheckedChange={(details) => setAssessment(details.checked === true)}>
                      {t.takeAssessment()}
                    </Checkbox>
                    {assessment ? (
                      <TextField
                        label={t.engagementDays()}
                        type="number"
                        min={1}
                        max={365}
                        value={engagement}
                        onChange={(e) => setEngagement(e.currentTarget.value)}
                        errorText={engagementError}
                      />
                    ) : null}
                  </Stack>
                </fieldset>
                <Flex gap="3" justify="flex-end" wrap="wrap">
                  <Button type="button" variant="ghost" disabled={busy} onClick={onClose}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="button" variant="outline" disabled={busy} onClick={submit(true)}>
                    {t.saveDraft()}
                  </Button>
                  <Button type="submit" loading={busy}>
                    {t.create()}
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
