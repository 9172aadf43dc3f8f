import { LEARNED_SLOTS } from 'src/language/slots';
import { clauseFeatures } from 'src/memory/intent/features';
import type { LabelledClause } from 'src/memory/intent/intent.types';
import { INTENTS, SUBJECTS } from 'src/memory/intent/intent.types';
import type { HeadWeightsFile, IntentWeightsFile } from 'src/memory/intent/linear-model';
import { seededRandom } from 'src/memory/intent/training/prng';
import type { SoftmaxExample, SoftmaxWeights } from 'src/memory/intent/training/sgd';
import { quantize, trainSoftmax } from 'src/memory/intent/training/sgd';

export const NO_SLOT = 'none';
export const SLOT_LABELS: readonly string[] = [NO_SLOT, ...LEARNED_SLOTS];

export interface TrainOptions {
  bits: number;
  /** Character n-grams as well as words (see clauseFeatures). */
  chars: boolean;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = { bits: 15, chars: true, epochs: 12, rate: 0.5, l2: 1e-5, seed: 30 };

interface HeadSpec {
  labels: readonly string[];
  /** The target distribution of a clause over the labels. */
  target: (clause: LabelledClause) => Float64Array;
}

function oneHot(labels: readonly string[], label: string): Float64Array {
  const target = new Float64Array(labels.length);
  target[labels.indexOf(label)] = 1;

  return target;
}

const HEADS: Record<keyof IntentWeightsFile['heads'], HeadSpec> = {
  intent: { labels: INTENTS, target: (clause) => oneHot(INTENTS, clause.intent) },
  subject: { labels: SUBJECTS, target: (clause) => oneHot(SUBJECTS, clause.subject) },
  // a clause about two slots ("a data analyst at Nike") splits its mass between them
  slot: {
    labels: SLOT_LABELS,
    target: (clause) => {
      const target = new Float64Array(SLOT_LABELS.length);
      const slots = clause.slots.length > 0 ? clause.slots : [NO_SLOT];
      for (const slot of slots) {
        target[SLOT_LABELS.indexOf(slot)] = 1 / slots.length;
      }

      return target;
    },
  },
};

/** Rows of a label seen n times count sqrt(mean / n): rare intents are not drowned by the many statements. */
function labelWeights(targets: Float64Array[], width: number): number[] {
  const counts = new Float64Array(width);
  for (const target of targets) {
    target.forEach((mass, k) => (counts[k] = (counts[k] ?? 0) + mass));
  }
  const mean = targets.length / width;

  return targets.map((target) => {
    const k = target.indexOf(Math.max(...target));

    return Math.sqrt(mean / Math.max(1, counts[k] ?? 1));
  });
}

/** A clause's features: buckets and, for dense features, their values (see SoftmaxExample). */
export type FeatureRow = Pick<SoftmaxExample, 'buckets' | 'values'>;

export type HeadName = keyof IntentWeightsFile['heads'];

/** One head trained on feature rows of any kind (hashed n-grams, sentence vectors, both), float weights. */
export function trainHead(
  name: HeadName,
  data: readonly LabelledClause[],
  rows: readonly FeatureRow[],
  buckets: number,
  options: TrainOptions,
): SoftmaxWeights {
  const spec = HEADS[name];
  const targets = data.map(spec.target);
  const weights = labelWeights(targets, spec.labels.length);
  const examples: SoftmaxExample[] = data.map((_clause, i) => ({
    ...(rows[i] ?? { buckets: [] }),
    target: targets[i] ?? new Float64Array(spec.labels.length),
    weight: weights[i] ?? 1,
  }));

  return trainSoftmax(examples, {
    buckets,
    labels: spec.labels.length,
    epochs: options.epochs,
    rate: options.rate,
    l2: options.l2,
    random: seededRandom(options.seed + HEAD_NAMES.indexOf(name)),
  });
}

const HEAD_NAMES: readonly HeadName[] = ['intent', 'slot', 'subject'];

function quantizedHead(name: HeadName, trained: SoftmaxWeights): HeadWeightsFile {
  const { codes, scale } = quantize(trained.weights);

  return {
    labels: [...HEADS[name].labels],
    scale,
    bias: Array.from(trained.bias, (b) => Number(b.toFixed(6))),
    weights: Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength).toString('base64'),
  };
}

/** The three heads trained on the clauses, seeded: the same data and options give the same file. */
export function trainIntentModel(data: readonly LabelledClause[], options: TrainOptions): IntentWeightsFile {
  const rows = data.map((clause) => ({
    buckets: clauseFeatures(clause.text, clause.lang, options.bits, options.chars),
  }));
  const head = (name: HeadName): HeadWeightsFile =>
    quantizedHead(name, trainHead(name, data, rows, 1 << options.bits, options));

  return {
    format: 'engram-intent-v1',
    bits: options.bits,
    chars: options.chars,
    heads: { intent: head('intent'), slot: head('slot'), subject: head('subject') },
  };
}
