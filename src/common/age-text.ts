/** An age in seconds as an operator reads it: seconds under two minutes, minutes under two hours, then hours. */
export function ageText(seconds: number): string {
  return seconds < 120
    ? `${seconds} s`
    : seconds < 7200
      ? `${Math.round(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;
}
