import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { MessageRecord } from 'src/domain/conversation.types';
import { LANGUAGE_TABLES } from 'src/extraction/deterministic-extractor';
import { stripInjected } from 'src/extraction/injected-text';
import { isLowValue } from 'src/extraction/low-value';

/** Only a GUARDIAN's own USER message may create or change memories. */
export function mayChangeMemories(message: Pick<MessageRecord, 'role' | 'trust'>): boolean {
  return message.role === MessageRole.USER && message.trust === Trust.GUARDIAN;
}

/** A message owes LLM extraction: a GUARDIAN's user message that says more than "ok" or "thanks". */
export function owesLlmExtraction(message: Pick<MessageRecord, 'role' | 'trust' | 'content'>): boolean {
  return mayChangeMemories(message) && !isLowValue(stripInjected(message.content), LANGUAGE_TABLES);
}
