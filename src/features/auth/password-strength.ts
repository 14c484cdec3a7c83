/**
 * The strength hint under a new password: zxcvbn's score (0–4) in four words and, for a weak
 * password, one tip. zxcvbn's own feedback is English keys; they are mapped onto three tips
 * written in the translations. zxcvbn itself is loaded on the first keystroke (./zxcvbn.ts, a
 * dynamic import), so its dictionaries never weigh on the first load of /login.
 */

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong'
export type StrengthTip = 'common' | 'pattern' | 'generic'
export type StrengthHint = { level: StrengthLevel; tip: StrengthTip | null }

/** 0–1 are guessed in seconds to hours (weak), 2 fair, 3 good, 4 strong. */
export const levelOf = (score: number): StrengthLevel =>
  score >= 4 ? 'strong' : score === 3 ? 'good' : score === 2 ? 'fair' : 'weak'

/** zxcvbn's warning keys (its translationKeys.warnings) by what the person can do about them. */
const COMMON = new Set(['topTen', 'topHundred', 'common', 'similarToCommon', 'userInputs', 'wordByItself', 'namesByThemselves', 'commonNames', 'pwned'])
const PATTERN = new Set(['straightRow', 'keyPattern', 'simpleRepeat', 'extendedRepeat', 'sequences', 'recentYears', 'dates'])

/** The hint of a score and a warning: a tip only while the password is weak or fair. */
export const hintOf = (score: number, warning: string | null | undefined): StrengthHint => {
  const level = levelOf(score)
  if (level === 'good' || level === 'strong') return { level, tip: null }
  const tip: StrengthTip = warning && COMMON.has(warning) ? 'common' : warning && PATTERN.has(warning) ? 'pattern' : 'generic'
  return { level, tip }
}

let checker: Promise<typeof import('./zxcvbn')> | null = null

/** The hint of a password; `related` are the person's own words (name, e-mail), which count as guessable. */
export const estimateStrength = async (password: string, related: readonly string[]): Promise<StrengthHint> => {
  checker ??= import('./zxcvbn')
  const { check } = await checker
  const result = check(password, related)
  return hintOf(result.score, result.feedback.warning)
}
