import type { SlotName } from 'src/language/slots';
import type { Intent, Subject } from 'src/memory/intent/intent.types';

/**
 * Templates that share one label. In a template, `{key}` is filled from the language's vocabulary and `[a|b|]` picks
 * one of the alternatives (an empty one makes the part optional).
 */
export interface TemplateGroup {
  intent: Intent;
  slots: SlotName[];
  subject: Subject;
  /** Whether filler words, emoji and typos may be added around it (not for pleasantries, which are the noise). */
  noisy?: boolean;
  templates: string[];
}

export type Vocabulary = Record<string, readonly string[]>;

export interface CorpusLanguage {
  vocabulary: Vocabulary;
  groups: TemplateGroup[];
  /** Words put before and after a noisy clause ("btw", "lol", an emoji). */
  prefixes: readonly string[];
  suffixes: readonly string[];
}

export function group(
  intent: Intent,
  slots: SlotName[],
  subject: Subject,
  templates: string[],
  noisy = true,
): TemplateGroup {
  return { intent, slots, subject, templates, noisy };
}
