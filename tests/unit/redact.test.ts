import { describe, expect, it } from 'vitest'
import { REDACTED, redact } from '../../src/app/redact'

describe('redact (what the inspector may see)', () => {
  it('masks tokens and passwords at any depth, keeping the rest', () => {
    const event = {
      type: 'session.login',
      session: { token: 'abc', user_id: 3, expires_at: 'x' },
      user: { id: 3, email: 'a@b.co' },
      values: [{ password: 'secret', sessionToken: 't', social_token: 's' }],
    }
    expect(redact(event)).toEqual({
      type: 'session.login',
      session: { token: REDACTED, user_id: 3, expires_at: 'x' },
      user: { id: 3, email: 'a@b.co' },
      values: [{ password: REDACTED, sessionToken: REDACTED, social_token: REDACTED }],
    })
    expect(event.session.token).toBe('abc')
  })
  it('leaves empty secrets and non-plain objects alone', () => {
    const date = new Date(0)
    expect(redact({ token: null, at: date })).toEqual({ token: null, at: date })
  })
})
