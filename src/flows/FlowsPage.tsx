import { useMemo, useState } from 'react'
import { useI18nContext } from '../../locales/i18n-react'
import { css } from '../../styled-system/css'
import { HStack, Stack } from '../../styled-system/jsx'
import { PageHeader } from '../features/shared/page'
import { Badge, Button, Heading, Table, Text } from '../ui'
import { FLOWS, specOfState, type FlowEntry, type SpecExcerpt } from './catalog'
import { FlowDiagram } from './FlowDiagram'
import { chartOf, statesOf, transitionLabel, type FlowState } from './graph'
import { statelySource } from './stately'

/*
 * The flow gallery (/flows; platform admins, and everybody logged in in a development build): every
 * machine of machines/ with its statechart, its states' descriptions and events, the screens it
 * drives, the spec text it implements, and its definition for the Stately editor.
 */
export function FlowsPage() {
  const { LL } = useI18nContext()
  return (
    <Stack gap="8">
      <PageHeader title={LL.flows.title()}>{LL.flows.intro()}</PageHeader>
      <nav aria-label={LL.flows.contents()}>
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', fontFamily: 'mono', fontSize: 'sm' })}>
          {FLOWS.map((flow) => (
            <li key={flow.exportName}>
              <a href={`#flow-${flow.name}`} className={css({ color: 'colorPalette.default', colorPalette: 'accent', textDecoration: 'underline' })}>
                {flow.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {FLOWS.map((flow) => (
        <FlowSection key={flow.exportName} flow={flow} />
      ))}
    </Stack>
  )
}

type CopyState = 'idle' | 'copied' | 'failed'

function FlowSection({ flow }: { flow: FlowEntry }) {
  const { LL } = useI18nContext()
  const T = LL.flows
  const chart = useMemo(() => chartOf(flow.machine), [flow.machine])
  const states = useMemo(() => statesOf(chart), [chart])
  const [selected, setSelected] = useState<FlowState | null>(null)
  const [copy, setCopy] = useState<CopyState>('idle')
  const headingId = `flow-${flow.name}-heading`
  const copyDefinition = () =>
    navigator.clipboard.writeText(statelySource(flow.machine)).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  return (
    <section id={`flow-${flow.name}`} aria-labelledby={headingId} data-flow={flow.name} className={css({ scrollMarginTop: '20' })}>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="xl" id={headingId} className={css({ fontFamily: 'mono' })}>
            {flow.name}
          </Heading>
          {chart.description ? <Text>{chart.description}</Text> : null}
        </Stack>
        <Stack gap="1">
          <Text fontWeight="semibold">{T.screens()}</Text>
          {flow.screens.length === 0 ? (
            <Text color="fg.muted">{T.noScreens()}</Text>
          ) : (
            <ul className={css({ fontFamily: 'mono', fontSize: 'sm' })}>
              {flow.screens.map((screen) => (
                <li key={screen}>{screen}</li>
              ))}
            </ul>
          )}
        </Stack>
        <HStack gap="3" flexWrap="wrap">
          <Button variant="outline" size="sm" onClick={copyDefinition}>
            {T.copy()}
          </Button>
          <Text role="status" color={copy === 'failed' ? 'fg.error' : 'fg.muted'} fontSize="sm">
            {copy === 'copied' ? T.copied() : copy === 'failed' ? T.copyFailed() : ''}
          </Text>
        </HStack>
        <FlowDiagram
          chart={chart}
          name={T.diagram({ name: flow.name })}
          selected={selected?.id ?? null}
          onSelect={setSelected}
          texts={{ drawing: T.drawing(), drawFailed: T.drawFailed() }}
        />
        <StatePanel flow={flow} state={selected} transitions={chart.transitions} />
        <Table.Root size="sm">
          <Table.Caption>{T.states()}</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header>{T.state()}</Table.Header>
              <Table.Header>{T.description()}</Table.Header>
              <Table.Header>{T.events()}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {states.map((state) => (
              <Table.Row key={state.id}>
                <Table.Cell className={css({ fontFamily: 'mono' })}>{state.path}</Table.Cell>
                <Table.Cell className={css({ whiteSpace: 'normal' })}>{state.description ?? T.noDescription()}</Table.Cell>
                <Table.Cell className={css({ fontFamily: 'mono', whiteSpace: 'normal' })}>
                  {state.events.length > 0 ? state.events.join(', ') : T.none()}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
    </section>
  )
}

/** The selected state: its description, its transitions, the spec sentences it implements, and the flow's whole text. */
function StatePanel({ flow, state, transitions }: { flow: FlowEntry; state: FlowState | null; transitions: ReturnType<typeof chartOf>['transitions'] }) {
  const { LL } = useI18nContext()
  const T = LL.flows
  const regionLabel = state ? T.specFor({ state: state.path }) : T.spec()
  const own = state ? specOfState(flow, state.path) : null
  return (
    <section aria-label={regionLabel} aria-live="polite" className={css({ borderLeftWidth: '4px', borderColor: 'border.default', pl: '4' })}>
      {state === null || own === null ? (
        <Text color="fg.muted">{T.pickState()}</Text>
      ) : (
        <Stack gap="3">
          <Heading as="h3" size="md">
            {regionLabel}
          </Heading>
          <Text>{state.description ?? T.noDescription()}</Text>
          <HStack gap="2" flexWrap="wrap">
            {transitions
              .filter((t) => t.source === state.id)
              .map((t) => (
                <Badge key={t.id} variant="outline" className={css({ fontFamily: 'mono' })}>
                  {transitionLabel(t)}
                </Badge>
              ))}
          </HStack>
          {own.ofFlow ? <Text color="fg.muted">{T.noStateSpec()}</Text> : null}
          {own.from !== null ? <Text color="fg.muted">{T.inheritedFrom({ parent: own.from })}</Text> : null}
          <Excerpts excerpts={own.excerpts} />
          {own.ofFlow ? null : (
            <details>
              <summary className={css({ cursor: 'pointer', fontWeight: 'semibold' })}>{T.flowSpec()}</summary>
              <Stack gap="3" mt="2">
                <Excerpts excerpts={flow.spec} />
              </Stack>
            </details>
          )}
        </Stack>
      )}
    </section>
  )
}

/** Spec excerpts, each quoted with its document and section. */
function Excerpts({ excerpts }: { excerpts: readonly SpecExcerpt[] }) {
  const { LL } = useI18nContext()
  return excerpts.map((excerpt) => (
    <figure key={excerpt.ref}>
      <blockquote className={css({ whiteSpace: 'pre-wrap' })}>{excerpt.text}</blockquote>
      <figcaption className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        {LL.flows.source({ document: excerpt.document, section: excerpt.heading ? `${excerpt.section} · ${excerpt.heading}` : excerpt.section })}
      </figcaption>
    </figure>
  ))
}
