import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMachine, not, setup } from 'xstate'
import { withdrawMachine } from '../../machines/withdraw'
import { FLOWS, specOfState } from '../../src/flows/catalog'
import { chartOf, elkGraphOf, statesOf, type ElkNode } from '../../src/flows/graph'
import { layOut } from '../../src/flows/layout'
import { statelyConfig, statelySource } from '../../src/flows/stately'
// @ts-expect-error: a plain .mjs module of the generator, without types
import { excerptOf } from '../../scripts/flows.mjs'

/** A small machine with what the gallery must draw: nesting, guards (named and not()), a targetless transition. */
const sample = setup({
  guards: { isReady: () => true },
  actions: { note: () => {} },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  on: { 'sample.reset': { target: '.idle' } },
  states: {
    idle: { description: 'Waiting.', on: { 'sample.start': { target: 'working', guard: 'isReady' }, 'sample.ping': { actions: 'note' } } },
    working: {
      initial: 'first',
      states: {
        first: { on: { 'sample.next': 'second' } },
        second: { always: { guard: not('isReady'), target: 'first' } },
      },
      on: { 'sample.stop': { target: '#sample.done', description: 'Stopped by hand.' } },
    },
    done: { type: 'final' },
  },
})

/** The states of a config, counted from the config itself (not from xstate's nodes). */
const countConfigStates = (config: { states?: Record<string, unknown> }): number =>
  Object.values(config.states ?? {}).reduce<number>((n, child) => n + 1 + countConfigStates(child as { states?: Record<string, unknown> }), 0)

const nodeIds = (node: ElkNode): string[] => (node.children ?? []).flatMap((child) => [child.id, ...nodeIds(child)])

describe('a machine as a chart', () => {
  it('has every state, nested under its parent, with its description, events and initial mark', () => {
    const chart = chartOf(sample)
    expect(statesOf(chart).map((s) => s.path)).toEqual(['idle', 'working', 'working.first', 'working.second', 'done'])
    const [idle, working, done] = chart.root.children
    expect(idle).toMatchObject({ id: 'sample.idle', initial: true, description: 'Waiting.', events: ['sample.start', 'sample.ping'] })
    expect(working?.initial).toBe(false)
    expect(working?.children.map((c) => [c.key, c.initial])).toEqual([['first', true], ['second', false]])
    expect(working?.events).toEqual(['sample.stop'])
    expect(done?.type).toBe('final')
  })

  it('has every transition with its event, guard name and targets', () => {
    const rows = chartOf(sample).transitions.map((t) => [t.source, t.event, t.guard, t.targets.join()])
    expect(rows).toEqual(
      expect.arrayContaining([
        ['sample.idle', 'sample.start', 'isReady', 'sample.working'],
        ['sample.idle', 'sample.ping', null, ''],
        ['sample.working', 'sample.stop', null, 'sample.done'],
        ['sample.working.first', 'sample.next', null, 'sample.working.second'],
        ['sample.working.second', 'always', 'not(isReady)', 'sample.working.first'],
        ['sample', 'sample.reset', null, 'sample.idle'],
      ]),
    )
    expect(rows).toHaveLength(6)
  })

  it('reads the withdraw machine as the spec draws it: two confirmations and a sole-admin branch', () => {
    const chart = chartOf(withdrawMachine)
    expect(statesOf(chart).map((s) => s.key)).toEqual(['checking', 'soleAdmin', 'asking', 'confirmed', 'withdrawing', 'failed', 'reloading', 'closed'])
    const edges = chart.transitions.map((t) => `${t.source.split('.')[1]} -${t.event}${t.guard ? `[${t.guard}]` : ''}-> ${t.targets.map((x) => x.split('.')[1]).join()}`)
    expect(edges).toEqual(
      expect.arrayContaining([
        'checking -always[isSoleAdmin]-> soleAdmin',
        'asking -withdraw.confirm-> confirmed',
        'confirmed -withdraw.confirm-> withdrawing',
        'withdrawing -xstate.done.actor.withdraw-> reloading',
      ]),
    )
  })

  it('counts as many states as every machine file of machines/ declares', () => {
    const files = readdirSync('machines').filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3))
    const drawn = new Set(FLOWS.map((flow) => flow.name))
    // every file but the three that build no machine is in the gallery
    expect(files.filter((f) => !drawn.has(f)).sort()).toEqual(['api-failure', 'roles', 'types'])
    for (const flow of FLOWS) expect(statesOf(chartOf(flow.machine)).length, flow.name).toBe(countConfigStates(flow.machine.config))
  })
})

describe('the ELK graph of a chart', () => {
  it('nests the children of a compound state in its node and gives each transition a labelled edge', () => {
    const graph = elkGraphOf(chartOf(sample))
    // the machine is one node, around its states
    expect(graph.children?.map((n) => n.id)).toEqual(['sample'])
    const machine = graph.children?.[0]
    expect(machine?.children?.map((n) => n.id)).toEqual(['sample.idle', 'sample.working', 'sample.done'])
    const working = machine?.children?.find((n) => n.id === 'sample.working')
    expect(working?.children?.map((n) => n.id)).toEqual(['sample.working.first', 'sample.working.second'])
    expect(working?.width).toBeUndefined() // sized by ELK around its children
    const edges = (graph.edges ?? []).map((e) => [e.sources[0], e.targets[0], e.labels?.[0]?.text])
    expect(edges).toEqual(
      expect.arrayContaining([
        ['sample.idle', 'sample.working', 'sample.start [isReady]'],
        ['sample.idle', 'sample.idle', 'sample.ping'],
        ['sample.working.second', 'sample.working.first', 'always [not(isReady)]'],
        ['sample', 'sample.idle', 'sample.reset'],
      ]),
    )
    expect(edges).toHaveLength(6)
    expect(graph.layoutOptions?.['elk.hierarchyHandling']).toBe('INCLUDE_CHILDREN')
  })

  it('is laid out by elkjs with every state placed, children inside their parent', async () => {
    const chart = chartOf(sample)
    const layout = await layOut(elkGraphOf(chart))
    expect([...layout.nodes.keys()].sort()).toEqual(nodeIds(elkGraphOf(chart)).sort())
    const parent = layout.nodes.get('sample.working')!
    for (const id of ['sample.working.first', 'sample.working.second']) {
      const child = layout.nodes.get(id)!
      expect(child.x).toBeGreaterThanOrEqual(parent.x)
      expect(child.y).toBeGreaterThan(parent.y)
      expect(child.x + child.width).toBeLessThanOrEqual(parent.x + parent.width)
      expect(child.y + child.height).toBeLessThanOrEqual(parent.y + parent.height)
    }
    expect(layout.edges).toHaveLength(6)
    for (const edge of layout.edges) expect(edge.points.length, edge.id).toBeGreaterThanOrEqual(2)
  })

  it('lays out every machine of machines/, transitions of the machine itself included', { timeout: 120_000 }, async () => {
    for (const flow of FLOWS) {
      const chart = chartOf(flow.machine)
      const layout = await layOut(elkGraphOf(chart)).catch((error: unknown) => {
        throw new Error(`${flow.name}: ${String(error)}`)
      })
      for (const state of statesOf(chart)) expect(layout.nodes.get(state.id)?.width, `${flow.name} ${state.path}`).toBeGreaterThan(0)
    }
  })
})

describe('the definition for the Stately editor', () => {
  it('is a createMachine call on the config as JSON, functions named or dropped', () => {
    const source = statelySource(withdrawMachine)
    expect(source).toMatch(/^import \{ createMachine \} from 'xstate'\n\nexport const machine = createMachine\(\{/)
    const json = source.slice(source.indexOf('createMachine(') + 'createMachine('.length, source.lastIndexOf(')'))
    const config = JSON.parse(json) as { id: string; states: Record<string, unknown> }
    expect(config.id).toBe('withdraw')
    expect(Object.keys(config.states)).toEqual(Object.keys(withdrawMachine.config.states ?? {}))
    // the machine it makes has the same states
    expect(countConfigStates(createMachine(config as never).config)).toBe(countConfigStates(withdrawMachine.config))
  })

  it('names a higher-order guard and drops data functions', () => {
    const config = statelyConfig(sample) as { states: { working: { states: { second: { always: { guard: unknown } } } } } }
    expect(config.states.working.states.second.always.guard).toEqual({ type: 'not(isReady)' })
    for (const flow of FLOWS) expect(JSON.stringify(statelyConfig(flow.machine)), flow.name).not.toContain('=>')
  })
})

describe('the spec excerpts', () => {
  it('every machine has spec text and the screens that import it', () => {
    for (const flow of FLOWS) {
      expect(flow.spec.length, flow.name).toBeGreaterThan(0)
      for (const excerpt of flow.spec) expect(excerpt.text.length, excerpt.ref).toBeGreaterThan(20)
      expect(flow.screens.length, flow.name).toBeGreaterThan(0)
    }
    expect(FLOWS.find((f) => f.name === 'withdraw')?.screens).toContain('src/features/profile/WithdrawDialog.tsx')
  })

  it('every state of every machine has the sentences it implements (its own or a parent state\'s), and each names a state', () => {
    for (const flow of FLOWS) {
      const paths = statesOf(chartOf(flow.machine)).map((state) => state.path)
      expect(Object.keys(flow.stateSpec).filter((path) => !paths.includes(path)), `${flow.name}: not states`).toEqual([])
      for (const path of paths) {
        const own = specOfState(flow, path)
        expect(own.ofFlow, `${flow.name} ${path} has no spec sentences of its own`).toBe(false)
        for (const excerpt of own.excerpts) expect(excerpt.text.length, excerpt.ref).toBeGreaterThan(8)
      }
    }
  })

  it('a state shows its own sentences, else its parent state\'s, else the whole flow\'s', () => {
    const excerpt = (ref: string) => ({ ref, document: '000_x.txt', section: '4. States', heading: null, text: ref })
    const flow = { ...FLOWS[0]!, spec: [excerpt('flow')], stateSpec: { form: [excerpt('form')], 'form.sending': [excerpt('sending')] } }
    expect(specOfState(flow, 'form.sending')).toEqual({ excerpts: [excerpt('sending')], from: null, ofFlow: false })
    expect(specOfState(flow, 'form.editing')).toEqual({ excerpts: [excerpt('form')], from: 'form', ofFlow: false })
    expect(specOfState(flow, 'closed')).toEqual({ excerpts: [excerpt('flow')], from: null, ofFlow: true })
  })

  it('a reference is cut from its section by heading or bullet, and one that names nothing is refused', () => {
    const documents = new Map([
      ['000', { file: '000_x.txt', sections: new Map([['4', { title: '4. States', lines: ['- Session: logged in.', '  and more.', '- Login: sign in.', '', '### Sub', 'Text of sub.'] }]]) }],
    ])
    expect(excerptOf(documents, '000 §4 Session').text).toBe('- Session: logged in.\n  and more.')
    expect(excerptOf(documents, '000 §4 Sub').text).toBe('Text of sub.')
    // `| words`: the sentences of the bullet that contain the words
    const states = new Map([
      [
        '000',
        {
          file: '000_x.txt',
          sections: new Map([['4', { title: '4. States', lines: ['- Withdraw: the first confirm asks again; the second confirm', '  removes. Messages: a sole admin is warned.'] }]]),
        },
      ],
    ])
    expect(excerptOf(states, '000 §4 Withdraw | SECOND confirm').text).toBe('Withdraw: the first confirm asks again; the second confirm removes.')
    expect(excerptOf(states, '000 §4 Withdraw | sole admin').text).toBe('Messages: a sole admin is warned.')
    expect(excerptOf(states, '000 §4 Withdraw | confirm').text).toBe('Withdraw: the first confirm asks again; the second confirm removes.')
    expect(excerptOf(states, '000 §4 Withdraw | a').text).toBe('Withdraw: the first confirm asks again; the second confirm removes. Messages: a sole admin is warned.')
    expect(excerptOf(states, '000 §4 Withdraw | confirm').ref).toBe('000 §4 Withdraw | confirm')
    expect(() => excerptOf(states, '000 §4 Withdraw | deletes')).toThrow(/no sentence of "000 §4 Withdraw" contains "deletes"/)
    expect(() => excerptOf(documents, '000 §4 Missing')).toThrow(/no heading or bullet "Missing"/)
    expect(() => excerptOf(documents, '001 §4 Session')).toThrow(/no spec document 001/)
  })
})
