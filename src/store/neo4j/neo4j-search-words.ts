import { int } from 'neo4j-driver';

import {
  MESSAGE_WORDS_VERSION,
  messageWeightedWords,
  SEARCH_WORDS_VERSION,
  searchWords,
  weightedWords,
} from 'src/store/neo4j/lucene-query';
import type { Neo4jSession } from 'src/store/neo4j/neo4j-session';
import { toOptionalText, toText } from 'src/store/neo4j/neo4j-values';

const BATCH = 1000;

/**
 * Gives memories and messages whose search words (lucene-query.ts searchWords) are missing, or older than
 * SEARCH_WORDS_VERSION (memories) or MESSAGE_WORDS_VERSION (messages; a node's `wordsVersion` marks what it holds),
 * the current words, in id order, one transaction per batch; a read that finds nothing once every node holds them.
 * Neighbour text (prevContent, nextContent) is the neighbours' words, so it is rewritten the same way. Returns how
 * many nodes it changed.
 */
export async function backfillSearchWords(connection: Neo4jSession, log: (line: string) => void): Promise<number> {
  let changed = 0;
  for (let afterId = ''; ;) {
    const rows = await connection.read('backfillSearchWords', (tx) =>
      connection.run(tx, 'meta/pending-memory-words', {
        afterId,
        limit: int(BATCH),
        version: int(SEARCH_WORDS_VERSION),
      }),
    );
    if (rows.length === 0) {
      break;
    }
    const words = rows.map((row) => {
      const content = toOptionalText(row['content'], 'content') ?? '';
      const context = toOptionalText(row['context'], 'context');

      return {
        id: toText(row['id'], 'id'),
        contentWords: searchWords(content),
        weightedWords: weightedWords(content, context),
      };
    });
    await connection.write('backfillSearchWords', (tx) =>
      connection.run(tx, 'meta/save-memory-words', { rows: words, version: int(SEARCH_WORDS_VERSION) }),
    );
    changed += words.length;
    afterId = words.at(-1)?.id ?? afterId;
    log(`search words: ${changed} nodes so far (memories up to ${afterId})`);
  }
  for (let afterId = ''; ;) {
    const rows = await connection.read('backfillSearchWords', (tx) =>
      connection.run(tx, 'meta/pending-message-words', {
        afterId,
        limit: int(BATCH),
        version: int(MESSAGE_WORDS_VERSION),
      }),
    );
    if (rows.length === 0) {
      break;
    }
    const words = rows.map((row) => {
      const contentWords = searchWords(toOptionalText(row['content'], 'content') ?? '') ?? '';
      const speakerWords = searchWords(toOptionalText(row['speaker'], 'speaker'));
      const prevContent = searchWords(toOptionalText(row['prevContent'], 'prevContent'));
      const nextContent = searchWords(toOptionalText(row['nextContent'], 'nextContent'));

      return {
        id: toText(row['id'], 'id'),
        contentWords,
        speakerWords,
        prevContent,
        nextContent,
        weightedWords: messageWeightedWords(contentWords, speakerWords, prevContent, nextContent),
      };
    });
    await connection.write('backfillSearchWords', (tx) =>
      connection.run(tx, 'meta/save-message-words', { rows: words, version: int(MESSAGE_WORDS_VERSION) }),
    );
    changed += words.length;
    afterId = words.at(-1)?.id ?? afterId;
    log(`search words: ${changed} nodes so far (messages up to ${afterId})`);
  }

  return changed;
}
