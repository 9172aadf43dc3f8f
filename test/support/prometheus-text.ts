/** The value of one series in a Prometheus text exposition (null when absent). */
export function seriesValue(exposition: string, series: string): number | null {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));

  return line ? Number(line.slice(series.length + 1)) : null;
}
