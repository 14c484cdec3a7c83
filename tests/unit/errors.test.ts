import { describe, expect, it } from 'vitest'
import { apiError, errorMessage, errorMessages, fieldErrorsOf, isSessionExpired, toApiError } from '../../src/api/errors'

const generic = 'Something went wrong. Try again later.'

describe('errorMessages (spec §8 error panel)', () => {
  it('joins the field messages of an object', () => {
    const error = apiError(400, { email: ['An account with this email already exists.'], password: ['Too short', 'Too common'] })
    expect(errorMessages(error, generic)).toEqual(['An account with this email already exists.', 'Too short', 'Too common'])
  })
  it('reads a list and a string', () => {
    expect(errorMessages(apiError(400, ['a', ['b']]), generic)).toEqual(['a', 'b'])
    expect(errorMessages(apiError(400, 'plain'), generic)).toEqual(['plain'])
  })
  it('reads a map', () => {
    expect(errorMessages(apiError(400, new Map([['x', ['from map']]])), generic)).toEqual(['from map'])
  })
  it('falls back to the detail, then to the generic message', () => {
    expect(errorMessages(apiError(403, { detail: 'No.', code: 'unconfirmed' }), generic)).toEqual(['No.'])
    expect(errorMessages(apiError(500, null), generic)).toEqual([generic])
    expect(errorMessages(apiError(500, {}), generic)).toEqual([generic])
  })
  it('does not read data sent beside a detail as messages', () => {
    const body = { detail: 'Please create an account', code: 'account_required', email: 'a@b.co', first_name: 'A' }
    expect(errorMessages(apiError(404, body), generic)).toEqual(['Please create an account'])
  })
  it("does not read a refused import's rows as messages (the file import shows them as its preview)", () => {
    const rows = { file_name: 'classes.xlsx', created_at: '2026-01-05T10:00:00.000Z', classes: [{ name: 'Algebra 7', errors: [{ column: 'name', message: 'duplicate group name' }] }] }
    const body = { detail: 'Some classes have errors: fix the file and upload it again. Nothing was imported.', code: 'import_has_errors', import: rows }
    expect(errorMessages(apiError(409, body), generic)).toEqual(['Some classes have errors: fix the file and upload it again. Nothing was imported.'])
  })
  it('shows the network message when there was no response', () => {
    expect(errorMessages(toApiError(new TypeError('Failed to fetch')), generic, 'offline')).toEqual(['offline'])
  })
  it('gives one message for a toast', () => {
    expect(errorMessage(apiError(400, { email: ['bad'] }), generic)).toBe('bad')
    expect(errorMessage(apiError(404, { detail: 'gone' }), generic)).toBe('gone')
  })
  it("gives the network message, never the browser's words, when there was no response", () => {
    expect(errorMessage(toApiError(new TypeError('Failed to fetch')), generic, 'offline')).toBe('offline')
    expect(errorMessage(toApiError(new TypeError('Failed to fetch')), generic)).toBe(generic)
  })
})

describe('fieldErrorsOf', () => {
  it('maps each field to its joined messages', () => {
    expect(fieldErrorsOf({ email: ['x', 'y'], detail: 'd' })).toEqual({ email: 'x y' })
  })
})

describe('isSessionExpired', () => {
  it('is only a 401 with the exact detail', () => {
    expect(isSessionExpired(401, { detail: 'Session expired' })).toBe(true)
    expect(isSessionExpired(401, { detail: 'Invalid credentials' })).toBe(false)
    expect(isSessionExpired(403, { detail: 'Session expired' })).toBe(false)
  })
})
