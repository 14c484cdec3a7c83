/** The time source of the server; tests move it to expire sessions and links. */
export type Clock = () => Date

export const systemClock: Clock = () => new Date()

export const secondsAfter = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000)
