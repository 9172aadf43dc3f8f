import { IntegrityProblemKind } from 'src/store/integrity-store.port';
import type { IntegrityProblem, IntegrityReport, TenantCounts } from 'src/store/integrity-store.port';

/** The problem an import that began writing and never finished leaves (both stores report it alike). */
export function unfinishedImport(tenantId: string, fileDigest: string, startedAt: Date): IntegrityProblem {
  return {
    kind: IntegrityProblemKind.UNFINISHED_IMPORT,
    tenantId,
    subject: 'import of file sha256',
    id: fileDigest,
    detail: `began ${startedAt.toISOString()} and stopped before its end: import the same file again to finish it (it doubles nothing), or purge the tenant`,
  };
}

/** Problems listed per kind and tenant before the rest are only counted. */
export const LISTED_PER_GROUP = 20;

export function isClean(report: IntegrityReport): boolean {
  return report.problems.length === 0;
}

function countsLine(t: TenantCounts): string {
  const statuses = Object.entries(t.byStatus)
    .map(([status, n]) => `${status.toLowerCase()} ${n}`)
    .join(', ');

  return (
    `  ${t.tenantId}: ${t.memories} memories (${statuses || 'none'}; ${t.withoutVector} without a vector), ` +
    `${t.associations} associations, ${t.channels} channels, ${t.messages} messages, ${t.summaries} summaries, ${t.bulletins} bulletins`
  );
}

/**
 * The report as an operator reads it: counts per tenant, then every problem grouped by kind and tenant (the first
 * LISTED_PER_GROUP of each group in full), then the verdict.
 */
export function formatIntegrityReport(report: IntegrityReport): string {
  const lines = [`Integrity check of the ${report.store} store: ${report.tenants.length} tenant(s)`];
  lines.push(...report.tenants.map(countsLine));
  const groups = new Map<string, IntegrityProblem[]>();
  for (const problem of report.problems) {
    const key = `${problem.kind} (tenant ${problem.tenantId ?? 'unknown'})`;
    groups.set(key, [...(groups.get(key) ?? []), problem]);
  }
  for (const [key, problems] of groups) {
    lines.push(`${key}: ${problems.length}`);
    lines.push(...problems.slice(0, LISTED_PER_GROUP).map((p) => `  ${p.subject} ${p.id}: ${p.detail}`));
    if (problems.length > LISTED_PER_GROUP) {
      lines.push(`  ... and ${problems.length - LISTED_PER_GROUP} more`);
    }
  }
  lines.push(isClean(report) ? 'clean' : `NOT CLEAN: ${report.problems.length} problem(s)`);

  return `${lines.join('\n')}\n`;
}
