/** Seconds as hh:mm:ss (spec 001 §9: average time shown hh:mm:ss). */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.round(seconds))
  const two = (value: number) => String(value).padStart(2, '0')
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`
}
