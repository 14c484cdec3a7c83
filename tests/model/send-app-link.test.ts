import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { sendAppLinkMachine } from '../../machines/send-app-link'
import type { SendAppLinkInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent } from './harness'

type M = typeof sendAppLinkMachine

const byMail: SendAppLinkInput = { channel: 'email', email: 'learner@example.com', application: 'ios' }
const byText: SendAppLinkInput = { channel: 'sms', phone: '+66 812345678', application: 'android' }
const sentence = 'The link is on its way to learner@example.com.'

const events: ModelEvent<M>[] = [
  { type: 'dialog.open', channel: 'email' },
  { type: 'dialog.open', channel: 'sms' },
  { type: 'dialog.close' },
  { type: 'link.send', request: byMail },
  { type: 'link.send', request: byText },
  done('sendAppLink', sentence),
  failed('sendAppLink', apiFailure(400, { phone: ['Phone should be a number'] })),
  failed('sendAppLink', apiFailure(429, { detail: 'Too many attempts. Try again in 900 seconds.', code: 'rate_limited' })),
]

const model = buildModel({
  name: 'sendAppLinkMachine',
  machine: sendAppLinkMachine,
  events: () => events,
  simplePaths: {
    // the two channels and two requests multiply the simple paths past counting; one of each is enough
    // for them, the shortest paths take every event
    events: () => events.filter((event) => !(event.type === 'dialog.open' && event.channel === 'sms') && !(event.type === 'link.send' && event.request === byText)),
    bound: 'simple paths over one channel and one request; the shortest paths over both',
  },
  // spec §2, §7: a dialog opens for one channel; it sends once at a time; a failure keeps it open
  // with a warning and its form; success closes it; Cancel closes it whatever it is doing
  edges: {
    closed: { 'dialog.open': 'open.editing', 'dialog.close': null, 'link.send': null },
    'open.editing': { 'dialog.open': null, 'dialog.close': 'closed', 'link.send': 'open.sending' },
    'open.sending': {
      'dialog.open': null,
      'dialog.close': 'closed',
      'link.send': null,
      'xstate.done.actor.sendAppLink': 'closed',
      'xstate.error.actor.sendAppLink': 'open.failed',
    },
    'open.failed': { 'dialog.open': null, 'dialog.close': 'closed', 'link.send': 'open.sending' },
  },
  states: {
    closed: ({ snapshot, event, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      // the e-mail dialog is the first one offered; nothing was sent yet
      if (event.type === 'xstate.init') expect(snapshot.context).toEqual({ channel: 'email', request: null, error: null })
      if (ignored || event.type === 'xstate.init' || event.type === 'dialog.close') return
      // closed by a sent link: the server's sentence is announced
      expect(event.type).toBe('xstate.done.actor.sendAppLink')
      expect(actions).toEqual(['announceSent'])
      expect(params.announceSent).toEqual({ detail: sentence })
    },
    'open.editing': ({ snapshot, event, ignored }) => {
      expect(snapshot.context.error).toBeNull()
      if (!ignored && event.type === 'dialog.open') expect(snapshot.context.channel).toBe(event.channel)
    },
    'open.sending': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (!ignored && event.type === 'link.send') expect(snapshot.context.request).toEqual(event.request)
      expect(inputOf(snapshot.children.sendAppLink)).toEqual(snapshot.context.request)
    },
    'open.failed': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.request).not.toBeNull()
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
  },
})

modelTests(model)

describe('sendAppLinkMachine with actors', () => {
  it('sends what the dialog filled in and closes with the answer', async () => {
    const sent: SendAppLinkInput[] = []
    const machine = sendAppLinkMachine.provide({
      actors: { sendAppLink: fromPromise<string, SendAppLinkInput>(async ({ input }) => (sent.push(input), sentence)) },
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'dialog.open', channel: 'sms' })
    actor.send({ type: 'link.send', request: byText })
    await waitFor(actor, (s) => s.matches('closed'))
    expect(sent).toEqual([byText])
  })
})
