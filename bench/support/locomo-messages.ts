import { randomUUID } from 'node:crypto';

import type { LocomoTurn } from 'bench/support/locomo-dataset';
import { countTokens } from 'src/common/tokens';
import { MessageRole, Trust } from 'src/domain/conversation.enums';
import type { ConversationStore } from 'src/store/conversation-store.port';

/** The turn's time: its session start plus a second per turn, so turns of one session keep their order. */
export function turnTime(turn: LocomoTurn): Date {
  return new Date(turn.sessionDate.getTime() + turn.turnInSession * 1000);
}

/** A LoCoMo turn appended as a message with speaker, date and the given vector (the service's is of "speaker: text"); its id. */
export async function appendTurn(
  store: ConversationStore,
  tenantId: string,
  channelId: string,
  turn: LocomoTurn,
  vector: Float32Array | null,
): Promise<string> {
  const appended = await store.appendMessage({
    message: {
      id: randomUUID(),
      tenantId,
      channelId,
      role: MessageRole.USER,
      speaker: turn.speaker,
      trust: Trust.GUARDIAN,
      content: turn.text,
      tokenCount: countTokens(turn.text),
      createdAt: turnTime(turn),
      extractedAt: new Date(),
    },
    vector,
    projectId: null,
  });

  return appended.message.id;
}
