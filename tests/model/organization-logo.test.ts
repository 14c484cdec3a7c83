import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { LOGO_MAX_BYTES, organizationLogoMachine } from '../../machines/organization-logo'
import type { Organization, OrganizationIdInput, UploadLogoInput } from '../../machines/types'
import { fileOfSize, organization } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof organizationLogoMachine
type View = StepView<M>

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string, type: string): File => Object.assign(new File(parts, name, { type }), { label: name })
const png = file([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', 'image/png')
const svg = file(['<svg/>'], 'logo.svg', 'image/svg+xml')
const huge = file([new Uint8Array(LOGO_MAX_BYTES + 1)], 'huge.gif', 'image/gif')
const withLogo: Organization = { ...organization, logo_url: '/v1/organizations/22/logo/abc123' }

const events: ModelEvent<M>[] = [
  { type: 'logo.choose', file: png },
  { type: 'logo.choose', file: svg },
  { type: 'logo.choose', file: huge },
  { type: 'logo.remove' },
  done('uploadLogo', withLogo),
  failed('uploadLogo', apiFailure(415, { detail: 'File type is not allowed' })),
  done('removeLogo', organization),
  failed('removeLogo', new TypeError('Failed to fetch')),
]

/** Where choosing a file leads: only the PNG of the events is an image the server takes. */
const chosen = (event: ModelEvent<M>): string => (event.type === 'logo.choose' && event.file === png ? 'uploading' : 'idle.rejected')

const idle = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
}

const model = buildModel({
  name: 'organizationLogoMachine',
  machine: organizationLogoMachine,
  inputs: { '': { organizationId: organization.id } },
  events: () => events,
  simplePaths: true,
  // spec: JPEG, PNG or GIF up to 2 MB, checked before sending; one upload or removal at a time
  edges: {
    'idle.ready': { 'logo.choose': (event) => chosen(event), 'logo.remove': 'removing' },
    'idle.rejected': { 'logo.choose': (event) => chosen(event), 'logo.remove': 'removing' },
    'idle.failed': { 'logo.choose': (event) => chosen(event), 'logo.remove': 'removing' },
    uploading: {
      'logo.choose': null,
      'logo.remove': null,
      'xstate.done.actor.uploadLogo': 'idle.ready',
      'xstate.error.actor.uploadLogo': 'idle.failed',
    },
    removing: {
      'logo.choose': null,
      'logo.remove': null,
      'xstate.done.actor.removeLogo': 'idle.ready',
      'xstate.error.actor.removeLogo': 'idle.failed',
    },
  },
  states: {
    'idle.ready': (view) => {
      idle(view)
      const { snapshot, event, actions, params, ignored } = view
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context).toEqual({ organizationId: organization.id, rejection: null, error: null })
      if (ignored || event.type === 'xstate.init') return
      // done: the page shows the organization with its new logo, or none
      expect(actions).toEqual(['announceChanged'])
      if (event.type === 'xstate.done.actor.uploadLogo') expect(params.announceChanged).toEqual({ organization: withLogo })
      else expect(params.announceChanged).toEqual({ organization })
    },
    'idle.rejected': (view) => {
      idle(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      // refused in the browser: nothing was sent
      if (event.type !== 'logo.choose') throw new Error(`unexpected way into rejected: ${event.type}`)
      expect(snapshot.context.rejection).toBe(event.file === svg ? 'type' : 'size')
      expect(snapshot.children).toEqual({})
    },
    'idle.failed': (view) => {
      idle(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.rejection).toBeNull()
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    uploading: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.rejection).toBeNull()
      expect(snapshot.context.error).toBeNull()
      if (!ignored) expect(event).toEqual({ type: 'logo.choose', file: png })
      expect(inputOf(snapshot.children.uploadLogo)).toEqual({ organizationId: organization.id, file: png })
    },
    removing: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (!ignored) expect(event.type).toBe('logo.remove')
      expect(inputOf(snapshot.children.removeLogo)).toEqual({ organizationId: organization.id })
    },
  },
})

modelTests(model)

describe('organizationLogoMachine bounds', () => {
  const input = { organizationId: organization.id }
  it.each([
    [LOGO_MAX_BYTES - 1, 'uploading'],
    [LOGO_MAX_BYTES, 'uploading'],
    [LOGO_MAX_BYTES + 1, 'rejected'],
  ])('takes a logo of %i bytes to %s (at most 2 MB)', (bytes, expected) => {
    const snapshot = snapshotAfter(organizationLogoMachine, input, [{ type: 'logo.choose', file: fileOfSize(bytes, 'logo.jpg', 'image/jpeg') }])
    expect(snapshot.matches(expected === 'uploading' ? 'uploading' : { idle: 'rejected' })).toBe(true)
    if (expected === 'rejected') expect(snapshot.context.rejection).toBe('size')
  })

  it.each(['image/jpeg', 'image/png', 'image/gif'])('takes a %s', (type) => {
    expect(snapshotAfter(organizationLogoMachine, input, [{ type: 'logo.choose', file: fileOfSize(10, 'logo', type) }]).matches('uploading')).toBe(true)
  })

  it.each(['image/svg+xml', 'image/webp', ''])('refuses a file of type %j', (type) => {
    const snapshot = snapshotAfter(organizationLogoMachine, input, [{ type: 'logo.choose', file: fileOfSize(10, 'logo', type) }])
    expect(snapshot.context.rejection).toBe('type')
  })
})

describe('organizationLogoMachine with actors', () => {
  it('uploads the chosen image and never sends a refused one', async () => {
    const uploads: UploadLogoInput[] = []
    const changed: unknown[] = []
    const machine = organizationLogoMachine.provide({
      actors: {
        uploadLogo: fromPromise<Organization, UploadLogoInput>(async ({ input }) => {
          uploads.push(input)
          return withLogo
        }),
        removeLogo: fromPromise<Organization, OrganizationIdInput>(async () => organization),
      },
      actions: { announceChanged: (_, params) => changed.push(params) },
    })
    const actor = createActor(machine, { input: { organizationId: organization.id } }).start()
    actor.send({ type: 'logo.choose', file: svg })
    expect(actor.getSnapshot().context.rejection).toBe('type')
    actor.send({ type: 'logo.choose', file: png })
    await waitFor(actor, (s) => s.matches({ idle: 'ready' }))
    expect(uploads).toEqual([{ organizationId: organization.id, file: png }])
    expect(changed).toEqual([{ organization: withLogo }])
  })
})
