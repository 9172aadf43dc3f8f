import type { SlotName } from 'src/language/slots';
import { LEARNED_SLOTS } from 'src/language/slots';
import { clauseFeatures } from 'src/memory/intent/features';
import type { Intent, IntentLanguage, IntentPrediction, Subject } from 'src/memory/intent/intent.types';
import { INTENTS, SUBJECTS } from 'src/memory/intent/intent.types';
import type { IntentWeightsFile, LinearHead } from 'src/memory/intent/linear-model';
import { decodeHead, headProbabilities, intentWeightsSchema } from 'src/memory/intent/linear-model';
import checkedIn from 'src/memory/intent/model/intent-weights.json';

/** A slot is named when it has at least this probability ("a data analyst at Nike" names two). */
const SLOT_FLOOR = 0.3;
/** Intents the write path acts on alike (see IntentPrediction.kinConfidence). */
const KIN: Partial<Record<Intent, Intent>> = {
  state: 'correct',
  correct: 'state',
  retract: 'forget',
  forget: 'retract',
};

export type IntentClassifier = (clause: string, lang: IntentLanguage) => IntentPrediction;

function argmax(values: Float64Array): number {
  let best = 0;
  values.forEach((value, k) => {
    if (value > (values[best] ?? 0)) {
      best = k;
    }
  });

  return best;
}

function checkLabels(head: LinearHead, expected: readonly string[], name: string): void {
  if (head.labels.some((label, k) => label !== expected[k]) || head.labels.length !== expected.length) {
    throw new Error(`intent weights: the ${name} labels are ${head.labels.join(',')}`);
  }
}

/** A classifier over one weights file (see training/train.ts for how it is made). */
export function createIntentClassifier(file: IntentWeightsFile): IntentClassifier {
  const intentHead = decodeHead(file.heads.intent, file.bits);
  const slotHead = decodeHead(file.heads.slot, file.bits);
  const subjectHead = decodeHead(file.heads.subject, file.bits);
  checkLabels(intentHead, INTENTS, 'intent');
  checkLabels(subjectHead, SUBJECTS, 'subject');
  checkLabels(slotHead, ['none', ...LEARNED_SLOTS], 'slot');

  return (clause, lang) => {
    const buckets = clauseFeatures(clause, lang, file.bits, file.chars);

    return predictionOf(
      headProbabilities(intentHead, buckets),
      headProbabilities(slotHead, buckets),
      headProbabilities(subjectHead, buckets),
    );
  };
}

/** The prediction from the three heads' probabilities (labels in the order of INTENTS, none + LEARNED_SLOTS, SUBJECTS). */
export function predictionOf(
  intents: Float64Array,
  slotScores: Float64Array,
  subjects: Float64Array,
): IntentPrediction {
  const best = argmax(intents);
  const kin = KIN[INTENTS[best] as Intent];
  const kinConfidence = (intents[best] ?? 0) + (kin === undefined ? 0 : (intents[INTENTS.indexOf(kin)] ?? 0));
  const slots = LEARNED_SLOTS.map((slot, k) => ({ slot, p: slotScores[k + 1] ?? 0 }))
    .filter(({ p }) => p >= SLOT_FLOOR)
    .sort((a, b) => b.p - a.p)
    .map(({ slot }): SlotName => slot);

  return {
    intent: INTENTS[best] as Intent,
    slot: slots[0] ?? null,
    slots,
    subject: SUBJECTS[argmax(subjects)] as Subject,
    confidence: intents[best] ?? 0,
    kinConfidence,
  };
}

let loaded: IntentClassifier | undefined;

/**
 * What a clause does (states, corrects, retracts, asks to forget, asks, sets a rule or a task, chatter, a request),
 * which slot it speaks of and whose fact it is, by the checked-in linear model. Pure and synchronous; the weights are
 * decoded on the first call.
 */
export function classifyIntent(clause: string, lang: IntentLanguage): IntentPrediction {
  loaded ??= createIntentClassifier(intentWeightsSchema.parse(checkedIn));

  return loaded(clause, lang);
}
