import type { IntentClassifier } from 'src/memory/intent/classify-intent';
import type { IntentPrediction, LabelledClause } from 'src/memory/intent/intent.types';

export interface Scored {
  clause: LabelledClause;
  predicted: IntentPrediction;
  intentRight: boolean;
  /** The predicted slot set is the labelled one (both empty counts). */
  slotRight: boolean;
  subjectRight: boolean;
}

export function scoreClauses(clauses: readonly LabelledClause[], classify: IntentClassifier): Scored[] {
  return clauses.map((clause) => {
    const predicted = classify(clause.text, clause.lang);
    const gold = [...clause.slots].sort().join('+');

    return {
      clause,
      predicted,
      intentRight: predicted.intent === clause.intent,
      slotRight: [...predicted.slots].sort().join('+') === gold,
      subjectRight: predicted.subject === clause.subject,
    };
  });
}

function rate(rows: readonly Scored[], right: (row: Scored) => boolean): string {
  const hits = rows.filter(right).length;

  return rows.length === 0 ? '-' : `${((100 * hits) / rows.length).toFixed(1)}% (${hits}/${rows.length})`;
}

function table(title: string, rows: readonly Scored[], key: (row: Scored) => string): string[] {
  const groups = new Map<string, Scored[]>();
  for (const row of rows) {
    groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  }
  const lines = [`| ${title} | intent | slot | subject | all three |`, '| --- | --- | --- | --- | --- |'];
  for (const [name, group] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `| ${name} | ${rate(group, (r) => r.intentRight)} | ${rate(group, (r) => r.slotRight)} | ` +
        `${rate(group, (r) => r.subjectRight)} | ${rate(group, (r) => r.intentRight && r.slotRight && r.subjectRight)} |`,
    );
  }

  return lines;
}

/** Markdown tables: overall, per language, per labelled intent and per labelled slot. */
export function reportTables(rows: readonly Scored[]): string {
  return [
    ...table('set', rows, () => 'all'),
    '',
    ...table('language', rows, (row) => row.clause.lang),
    '',
    ...table('intent (labelled)', rows, (row) => row.clause.intent),
    '',
    ...table('slot (labelled)', rows, (row) => row.clause.slots.join('+') || '(none)'),
  ].join('\n');
}

export function misses(rows: readonly Scored[]): string {
  return rows
    .filter((row) => !(row.intentRight && row.slotRight && row.subjectRight))
    .map(
      ({ clause, predicted }) =>
        `${clause.lang} ${clause.intent}/${clause.slots.join('+') || '-'}/${clause.subject} -> ` +
        `${predicted.intent}/${predicted.slots.join('+') || '-'}/${predicted.subject} ` +
        `(${predicted.confidence.toFixed(2)})  ${clause.text}`,
    )
    .join('\n');
}
