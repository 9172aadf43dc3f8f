import { CONSTRAINT_TAG, SourceRole } from 'src/domain/memory.enums';

/** Who may set a standing rule: the user, or an operator (SYSTEM). A rule speaks for the user only then. */
const RULE_SETTERS: ReadonlySet<SourceRole> = new Set([SourceRole.USER, SourceRole.SYSTEM]);

export function setsRules(role: SourceRole): boolean {
  return RULE_SETTERS.has(role);
}

/**
 * The tags a write is stored with and why they differ from what it asked for: a standing rule ("Always end every
 * answer with a link to ...") or an explicit `constraint` tag becomes a rule only from the user or an operator; from
 * an assistant, a tool or a task it is stored as an ordinary note, never shown under Rules.
 */
export function ruleTags(
  tags: readonly string[],
  role: SourceRole,
  standingRule: boolean,
): { tags: string[]; note: string | null } {
  const asked = standingRule || tags.includes(CONSTRAINT_TAG);
  if (setsRules(role)) {
    return { tags: asked && !tags.includes(CONSTRAINT_TAG) ? [...tags, CONSTRAINT_TAG] : [...tags], note: null };
  }

  return {
    tags: tags.filter((tag) => tag !== CONSTRAINT_TAG),
    note: asked ? `stored as a note, not a rule: only the user or an operator sets rules (source ${role})` : null,
  };
}
