export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Tracing is on when the standard settings say where spans go: OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), or an OTEL_TRACES_EXPORTER other than `none`; OTEL_SDK_DISABLED=true wins.
 */
export function tracingConfigured(env: Env = process.env): boolean {
  if (env['OTEL_SDK_DISABLED']?.toLowerCase() === 'true') {
    return false;
  }
  const exporter = env['OTEL_TRACES_EXPORTER'];
  if (exporter) {
    return exporter.split(',').some((name) => name.trim() !== 'none');
  }

  return Boolean(env['OTEL_EXPORTER_OTLP_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']);
}
