import { describe, expect, it } from 'vitest'
import { estimateStrength, hintOf, levelOf } from '../../src/features/auth/password-strength'

describe('the strength levels (issue 5, item 10)', () => {
  it("put zxcvbn's five scores into four words", () => {
    expect([0, 1, 2, 3, 4].map(levelOf)).toEqual(['weak', 'weak', 'fair', 'good', 'strong'])
  })
  it("turn zxcvbn's warning keys into one of three tips, only for a weak or fair password", () => {
    expect(hintOf(0, 'topTen')).toEqual({ level: 'weak', tip: 'common' })
    expect(hintOf(1, 'straightRow')).toEqual({ level: 'weak', tip: 'pattern' })
    expect(hintOf(2, '')).toEqual({ level: 'fair', tip: 'generic' })
    expect(hintOf(2, 'someKeyAddedLater')).toEqual({ level: 'fair', tip: 'generic' })
    expect(hintOf(3, 'dates')).toEqual({ level: 'good', tip: null })
    expect(hintOf(4, null)).toEqual({ level: 'strong', tip: null })
  })
})

describe('the estimate, with the real zxcvbn loaded on demand', () => {
  it('finds a common password weak and a long unrelated phrase strong', async () => {
    expect(await estimateStrength('password1', [])).toEqual({ level: 'weak', tip: 'common' })
    expect(await estimateStrength('qwertyuiop', [])).toMatchObject({ level: 'weak' })
    expect(await estimateStrength('copper kettle drums at 7 lighthouses', [])).toEqual({ level: 'strong', tip: null })
  })
  it("counts the person's own name and e-mail as guessable", async () => {
    const alone = await estimateStrength('hedylamarr1914', [])
    const related = await estimateStrength('hedylamarr1914', ['Hedy', 'Lamarr', 'hedy.lamarr@example.com'])
    expect(['weak', 'fair', 'good', 'strong'].indexOf(related.level)).toBeLessThan(['weak', 'fair', 'good', 'strong'].indexOf(alone.level))
  })
})
