import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { fromCallback } from 'xstate'
import { useLocation, useParams, useSearch } from 'wouter'
import { useI18nContext } from '../../../../locales/i18n-react'
import { type ClassWizardEvent, classWizardMachine, detailsProblems, goalsProblems } from '../../../../machines/class-wizard'
import { isOrgAdmin, isTeacher, membershipOf } from '../../../../machines/roles'
import type { ClassBeingBuilt, WizardStep } from '../../../../machines/types'
import { Flex, Stack } from '../../../../styled-system/jsx'
import { loadDraft, saveClass } from '../../../api/classes'
import { errorMessages } from '../../../api/errors'
import { useKnownOrganization } from '../../../app/known-organizations'
import { paths } from '../../../app/paths'
import { useCurrentUser } from '../../../app/root-context'
import { Button, Checkbox, Dialog, ErrorPanel, Portal, Spinner, TagsInput, Text, TextField, toaster } from '../../../ui'
import { useOrganizationToday } from '../../shared/organization-today'
import { PageHeader } from '../../shared/page'
import { InvitationImportPanel } from '../../users/import/InvitationImportPanel'
import { useTerms } from '../../shared/terms'
import { dropBuilt, keepBuilt, restoreBuilt } from './storage'

/** Spec 001 §9: a class lasts 30 days unless told otherwise. */
const DEFAULT_LENGTH_DAYS = 30
const STEPS: readonly WizardStep[] = ['details', 'goals', 'students', 'overview']
const isStep = (value: string | null): value is WizardStep => STEPS.includes(value as WizardStep)
/** The step the address shows now (?step=), or null. */
const stepOfAddress = (): string | null => new URLSearchParams(window.location.search).get('step')

/** The browser's back and forward buttons move between steps: the address's step goes back to the wizard. */
function followAddress(sendBack: (event: ClassWizardEvent) => void): () => void {
  const onPopState = () => {
    const step = stepOfAddress()
    if (isStep(step)) sendBack({ type: 'wizard.goTo', step })
  }
  window.addEventListener('popstate', onPopState)
  return () => window.removeEventListener('popstate', onPopState)
}

/** A new class: today (the organization's) to 30 days later, the goals' defaults (§5), consent on. */
const newClass = (today: Temporal.PlainDate): ClassBeingBuilt => {
  return {
    id: null,
    key: crypto.randomUUID(),
    className: '',
    startDate: today.toString(),
    endDate: today.add({ days: DEFAULT_LENGTH_DAYS }).toString(),
    teacher: '',
    goals: true,
    daysPractice: 5,
    minutesPractice: 10,
    takeAssessment: true,
    engagementDays: 3,
    users: [],
    consent: true,
    step: 'details',
  }
}

/** What the wizard starts from: the class a reload kept, else the draft of the address (read first), else a new one. */
const startingClass = (organizationId: number, draftId: number | null, today: Temporal.PlainDate): ClassBeingBuilt => {
  const kept = restoreBuilt(organizationId)
  if (kept && (draftId === null || kept.id === draftId)) return kept
  return draftId === null ? newClass(today) : { ...newClass(today), id: draftId }
}

/**
 * /organization/{id}/classes/new — the creation wizard (spec 001 §2), machines/class-wizard.ts: details,
 * goals, add students, overview, a yes/no confirmation, created. The step is in the address (?step=goals),
 * so the browser's back button moves between steps; the class being built is kept in sessionStorage
 * (a reload does not lose it); ?draft=<id> reopens a saved draft at the step it was left. The machine
 * decides when each of these happens; this screen only gives how (the actions and `followAddress`).
 */
export function ClassWizardPage() {
  const organizationId = Number(useParams<{ organizationId?: string }>().organizationId)
  const search = new URLSearchParams(useSearch())
  const [, navigate] = useLocation()
  const { LL } = useI18nContext()
  const t = LL.classWizard
  const user = useCurrentUser()
  const known = useKnownOrganization(organizationId)
  const type = membershipOf(user, organizationId)?.type ?? known?.type
  const wording = type === 'company' ? t.company : t.school
  const terms = useTerms(type)
  const asTeacher = isTeacher(user, organizationId) && !isOrgAdmin(user, organizationId)
  const draftParam = Number(search.get('draft'))
  const today = useOrganizationToday(organizationId)

  const [input] = useState(() => ({ organizationId, asTeacher, built: startingClass(organizationId, draftParam > 0 ? draftParam : null, today) }))
  // what the wizard does outside itself (machines/class-wizard.ts), read when it runs: the latest navigate and wording
  const outside = useRef({ navigate, wording })
  outside.current = { navigate, wording }
  const wizard = useActorRef(
    classWizardMachine.provide({
      actors: { loadDraft, saveClass, followAddress: fromCallback<ClassWizardEvent>(({ sendBack }) => followAddress(sendBack)) },
      actions: {
        showStep: (_, { step }) => {
          const shown = stepOfAddress()
          if (shown === step) return
          // the first step shown replaces the address the wizard was opened at (no step, or ?draft=)
          outside.current.navigate(`${paths.classesNew(organizationId)}?step=${step}`, { replace: !isStep(shown) })
        },
        keepClass: (_, { built }) => keepBuilt(organizationId, built),
        forgetClass: () => dropBuilt(organizationId),
        announce: (_, { outcome }) =>
          toaster.success({ title: outcome === 'created' ? outside.current.wording.created() : outside.current.wording.draftSaved() }),
        showClassList: () => outside.current.navigate(paths.classes(organizationId)),
      },
    }),
    { input },
  )
  const built = useSelector(wizard, (s) => s.context.built)
  const error = useSelector(wizard, (s) => s.context.error)
  const busy = useSelector(wizard, (s) => s.hasTag('busy'))
  const loading = useSelector(wizard, (s) => s.matches('loading'))
  const loadFailed = useSelector(wizard, (s) => s.matches('loadFailed'))
  const invalid = useSelector(wizard, (s) => s.matches({ editing: { details: 'invalid' } }) || s.matches({ editing: { goals: 'invalid' } }))
  const confirming = useSelector(wizard, (s) => s.matches('confirming'))
  const cancelling = useSelector(wizard, (s) => s.matches('cancelling'))

  const update = (changes: Partial<ClassBeingBuilt>) => wizard.send({ type: 'wizard.update', changes })
  const next = (event: FormEvent) => {
    event.preventDefault()
    wizard.send({ type: built.step === 'overview' ? 'wizard.submit' : 'wizard.next' })
  }
  const stepIndex = STEPS.indexOf(built.step)
  const stepTitle = (step: WizardStep) => (step === 'students' ? wording.students() : t[step]())
  const messages = error ? errorMessages(error, t.saveFailed()) : []

  if (loading) return <Spinner label={LL.common.loading()} />
  if (loadFailed) {
    return (
      <Stack gap="4" align="flex-start">
        <ErrorPanel messages={[t.loadFailed()]} />
        <Flex gap="3" wrap="wrap">
          <Button onClick={() => wizard.send({ type: 'wizard.retry' })}>{t.retry()}</Button>
          <Button variant="outline" onClick={() => wizard.send({ type: 'wizard.discard' })}>
            {t.cancel()}
          </Button>
        </Flex>
      </Stack>
    )
  }

  return (
    <section aria-labelledby="class-wizard-title">
      <Stack gap="6" maxW="2xl">
        <div id="class-wizard-title">
          <PageHeader title={built.id === null ? wording.title() : wording.finishTitle()} />
        </div>
        <Stack gap="1">
          <Text color="fg.muted" textStyle="sm">
            {t.stepOf({ step: stepIndex + 1, total: STEPS.length })}
          </Text>
          <h2 style={{ fontWeight: 600, fontSize: '1.25rem' }}>{stepTitle(built.step)}</h2>
        </Stack>
        {messages.length > 0 ? <ErrorPanel messages={messages} /> : null}
        <form noValidate onSubmit={next}>
          <Stack gap="5">
            {built.step === 'details' ? <DetailsStep built={built} asTeacher={asTeacher} invalid={invalid} update={update} wording={wording} /> : null}
            {built.step === 'goals' ? <GoalsStep built={built} invalid={invalid} update={update} /> : null}
            {built.step === 'students' ? <StudentsStep
                built={built}
                update={update}
                wording={wording}
                fileImport={
                  <InvitationImportPanel
                    organizationId={organizationId}
                    kind="emails"
                    terms={terms}
                    collect={(emails) => wizard.send({ type: 'students.add', emails })}
                  />
                }
              /> : null}
            {built.step === 'overview' ? (
              <OverviewStep
                built={built}
                asTeacher={asTeacher}
                wording={wording}
                sectionTitle={(step) => (step === 'students' ? terms.students() : t[step]())}
                goTo={(step) => wizard.send({ type: 'wizard.goTo', step })}
                remove={(email) => wizard.send({ type: 'students.remove', email })}
              />
            ) : null}
            <Flex gap="3" wrap="wrap" justify="space-between">
              <Flex gap="3" wrap="wrap">
                {stepIndex > 0 ? (
                  <Button type="button" variant="outline" disabled={busy} onClick={() => wizard.send({ type: 'wizard.previous' })}>
                    {t.previous()}
                  </Button>
                ) : null}
                {built.step === 'goals' ? (
                  <Button type="button" variant="ghost" disabled={busy} onClick={() => wizard.send({ type: 'wizard.skipGoals' })}>
                    {t.skipGoals()}
                  </Button>
                ) : null}
                <Button type="submit" loading={busy && !cancelling}>
                  {built.step === 'overview' ? t.createAndInvite() : t.next()}
                </Button>
              </Flex>
              <Flex gap="3" wrap="wrap">
                <Button type="button" variant="outline" disabled={busy} onClick={() => wizard.send({ type: 'wizard.saveDraft' })}>
                  {t.saveDraft()}
                </Button>
                <Button type="button" variant="ghost" disabled={busy} onClick={() => wizard.send({ type: 'wizard.cancel' })}>
                  {t.cancel()}
                </Button>
              </Flex>
            </Flex>
          </Stack>
        </form>
      </Stack>
      {confirming ? (
        <Question
          title={wording.title()}
          text={
            built.users.length === 0
              ? wording.confirmEmpty()
              : built.consent
                ? wording.confirmConsent({ count: built.users.length })
                : wording.confirmInvite({ count: built.users.length })
          }
          yes={t.yes()}
          no={t.no()}
          onYes={() => wizard.send({ type: 'wizard.confirm' })}
          onNo={() => wizard.send({ type: 'wizard.back' })}
        />
      ) : null}
      {cancelling ? (
        <Question
          title={t.cancelTitle()}
          text={t.cancelDescription()}
          yes={t.discard()}
          no={t.keepEditing()}
          danger
          onYes={() => wizard.send({ type: 'wizard.discard' })}
          onNo={() => wizard.send({ type: 'wizard.keep' })}
        />
      ) : null}
    </section>
  )
}

type Wording = ReturnType<typeof useI18nContext>['LL']['classWizard']['school']
type Update = (changes: Partial<ClassBeingBuilt>) => void

function DetailsStep({ built, asTeacher, invalid, update, wording }: { built: ClassBeingBuilt; asTeacher: boolean; invalid: boolean; update: Update; wording: Wording }) {
  const { LL } = useI18nContext()
  const problems = invalid ? detailsProblems(built, asTeacher) : null
  return (
    <>
      <TextField
        label={wording.className()}
        value={built.className}
        onChange={(e) => update({ className: e.currentTarget.value })}
        errorText={problems?.className ? LL.classes.validation.nameRequired() : undefined}
        required
      />
      {asTeacher ? null : (
        <TextField
          label={wording.teacher()}
          type="email"
          value={built.teacher}
          onChange={(e) => update({ teacher: e.currentTarget.value })}
          errorText={problems?.teacher ? (built.teacher.trim() === '' ? wording.teacherRequired() : LL.classWizard.teacherInvalid()) : undefined}
          required
        />
      )}
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
        <TextField
          label={LL.classes.startDate()}
          type="date"
          value={built.startDate}
          onChange={(e) => update({ startDate: e.currentTarget.value })}
          errorText={problems?.startDate ? LL.classWizard.datesRequired() : undefined}
        />
        <TextField
          label={LL.classes.endDate()}
          type="date"
          value={built.endDate}
          onChange={(e) => update({ endDate: e.currentTarget.value })}
          errorText={problems?.endDate ? (built.endDate === '' ? LL.classWizard.datesRequired() : LL.classes.validation.endBeforeStart()) : undefined}
        />
      </Flex>
    </>
  )
}

function GoalsStep({ built, invalid, update }: { built: ClassBeingBuilt; invalid: boolean; update: Update }) {
  const { LL } = useI18nContext()
  const t = LL.classes
  const problems = invalid ? goalsProblems(built) : null
  const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))
  const shown = (value: number) => (Number.isNaN(value) ? '' : String(value))
  return (
    <>
      <TextField
        label={t.daysPerWeek()}
        type="number"
        min={1}
        max={7}
        value={shown(built.daysPractice)}
        onChange={(e) => update({ daysPractice: number(e.currentTarget.value) })}
        errorText={problems?.daysPractice ? t.validation.daysRange() : undefined}
      />
      <TextField
        label={t.minutesPerDay()}
        type="number"
        min={1}
        max={1000}
        value={shown(built.minutesPractice)}
        onChange={(e) => update({ minutesPractice: number(e.currentTarget.value) })}
        errorText={problems?.minutesPractice ? t.validation.minutesRange() : undefined}
      />
      <Checkbox checked={built.takeAssessment} onCheckedChange={(details) => update({ takeAssessment: details.checked === true })}>
        {t.takeAssessment()}
      </Checkbox>
      {built.takeAssessment ? (
        <TextField
          label={t.engagementDays()}
          type="number"
          min={1}
          max={365}
          value={shown(built.engagementDays)}
          onChange={(e) => update({ engagementDays: number(e.currentTarget.value) })}
          errorText={problems?.engagementDays ? t.validation.engagementRange() : undefined}
        />
      ) : null}
    </>
  )
}

function StudentsStep({ built, update, wording, fileImport }: { built: ClassBeingBuilt; update: Update; wording: Wording; fileImport: ReactNode }) {
  const { LL } = useI18nContext()
  const t = LL.classWizard
  const [rejected, setRejected] = useState<string[]>([])
  return (
    <>
      <TagsInput
        label={wording.emails()}
        value={built.users}
        onValueChange={(users) => {
          update({ users })
          setRejected([])
        }}
        onInvalid={setRejected}
        deleteTagLabel={(email) => t.remove({ email })}
        placeholder="name@example.com"
        helperText={t.emailsHelp()}
        errorText={rejected.length > 0 ? `${t.badEmails()}: ${rejected.join(', ')}` : undefined}
      />
      <Checkbox checked={built.consent} onCheckedChange={(details) => update({ consent: details.checked === true })}>
        {wording.consent()}
      </Checkbox>
      <Stack gap="3" role="group" aria-label={LL.invitationImport.orFromFile()}>
        <Text fontWeight="semibold">{LL.invitationImport.orFromFile()}</Text>
        {fileImport}
      </Stack>
    </>
  )
}

function OverviewStep({
  built,
  asTeacher,
  wording,
  sectionTitle,
  goTo,
  remove,
}: {
  built: ClassBeingBuilt
  asTeacher: boolean
  wording: Wording
  /** The overview's name of a step's section ("Students", not the step's "Add students"). */
  sectionTitle: (step: Exclude<WizardStep, 'overview'>) => string
  goTo: (step: WizardStep) => void
  remove: (email: string) => void
}) {
  const { LL } = useI18nContext()
  const t = LL.classWizard
  const [listOpen, setListOpen] = useState(false)
  const edit = (step: Exclude<WizardStep, 'overview'>) => (
    <Button type="button" variant="link" size="sm" onClick={() => goTo(step)}>
      {t.edit({ step: sectionTitle(step) })}
    </Button>
  )
  return (
    <Stack gap="4">
      <Section title={sectionTitle('details')} action={edit('details')}>
        <Row label={wording.className()} value={built.className} />
        <Row label={LL.classes.startDate()} value={LL.common.date({ value: built.startDate })} />
        <Row label={LL.classes.endDate()} value={LL.common.date({ value: built.endDate })} />
        {asTeacher ? null : <Row label={wording.teacherLabel()} value={built.teacher || wording.noTeacher()} />}
      </Section>
      <Section title={sectionTitle('goals')} action={edit('goals')}>
        {built.goals ? (
          <>
            <Row label={LL.classes.daysPerWeek()} value={t.daysValue({ count: built.daysPractice })} />
            <Row label={LL.classes.minutesPerDay()} value={t.minutesValue({ count: built.minutesPractice })} />
            <Row label={LL.classes.takeAssessment()} value={built.takeAssessment ? t.yes() : LL.classWizard.no()} />
          </>
        ) : (
          <Text>{LL.classes.noGoals()}</Text>
        )}
      </Section>
      <Section title={sectionTitle('students')} action={edit('students')}>
        <Flex gap="3" align="center" wrap="wrap">
          <Text>{wording.count({ count: built.users.length })}</Text>
          {built.users.length > 0 ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setListOpen(true)}>
              {t.showList()}
            </Button>
          ) : null}
        </Flex>
      </Section>
      {listOpen ? (
        <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : setListOpen(false))}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: 'md' }} maxH="calc(100dvh - 2rem)" overflowY="auto">
                <Stack gap="4" p="6">
                  <Dialog.Title>{wording.listTitle()}</Dialog.Title>
                  {built.users.length === 0 ? <Text>{wording.noStudents()}</Text> : null}
                  <ul aria-label={wording.listTitle()}>
                    {built.users.map((email) => (
                      <li key={email}>
                        <Flex gap="3" align="center" justify="space-between" py="1">
                          <Text wordBreak="break-all">{email}</Text>
                          <Button type="button" variant="ghost" size="sm" onClick={() => remove(email)}>
                            {t.remove({ email })}
                          </Button>
                        </Flex>
                      </li>
                    ))}
                  </ul>
                  <Flex justify="flex-end">
                    <Button type="button" onClick={() => setListOpen(false)}>
                      {t.close()}
                    </Button>
                  </Flex>
                </Stack>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </Stack>
  )
}

function Section({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="l2" p="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <h3 style={{ fontWeight: 600 }}>{title}</h3>
        {action}
      </Flex>
      {children}
    </Stack>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Flex gap="2" wrap="wrap">
      <Text color="fg.muted">{label}:</Text>
      <Text fontWeight="medium" wordBreak="break-all">
        {value}
      </Text>
    </Flex>
  )
}

/** A yes/no question in an alert dialog (the creation's confirmation, discarding). */
function Question({ title, text, yes, no, danger, onYes, onNo }: { title: string; text: string; yes: string; no: string; danger?: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open ? undefined : onNo())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: 'md' }}>
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description>{text}</Dialog.Description>
              </Stack>
              <Flex gap="3" justify="flex-end" wrap="wrap">
                <Button variant="outline" onClick={onNo}>
                  {no}
                </Button>
                <Button colorPalette={danger ? 'red' : undefined} onClick={onYes}>
                  {yes}
                </Button>
              </Flex>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
