import type { tracing } from '@opentelemetry/sdk-node';

type Span = tracing.ReadableSpan;

/** A span and its children by start time, as names: enough to compare the shape of a trace. */
export interface SpanNode {
  name: string;
  children: SpanNode[];
}

function parentId(span: Span): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** The tree under `root` among the finished spans. */
export function spanTree(spans: readonly Span[], root: Span): SpanNode {
  const children = spans
    .filter((s) => parentId(s) === root.spanContext().spanId)
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);

  return { name: root.name, children: children.map((child) => spanTree(spans, child)) };
}

/** Every name in the tree, depth first, as `parent > child` paths (deduplicated, sorted): order-free shape checks. */
export function spanPaths(node: SpanNode, prefix = ''): string[] {
  const path = prefix ? `${prefix} > ${node.name}` : node.name;

  return [...new Set([path, ...node.children.flatMap((child) => spanPaths(child, path))])].sort();
}

/** The newest finished span of that name that started a trace of its own (no parent). */
export function lastRoot(spans: readonly Span[], name: string): Span {
  const found = spans.filter((s) => s.name === name && parentId(s) === undefined).at(-1);
  if (!found) {
    throw new Error(`no root span ${name} among ${[...new Set(spans.map((s) => s.name))].join(', ')}`);
  }

  return found;
}
