import { describe, expect, it } from 'vitest'
import { toApiFailure } from '../../machines/api-failure'
import { thrownValues } from './harness'

describe('toApiFailure: what a machine keeps of a thrown API error', () => {
  it.each(thrownValues)('%j becomes %j', (thrown, failure) => {
    expect(toApiFailure(thrown)).toEqual(failure)
  })
})
