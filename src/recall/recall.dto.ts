import { Field, Float, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

import { MemoryType } from 'src/domain/memory.enums';
import { Memory } from 'src/memory/dto/memory.model';
import { Tier } from 'src/recall/ranking';
import { RecallSort, SearchMode } from 'src/recall/recall.service';

registerEnumType(SearchMode, { name: 'SearchMode' });
registerEnumType(Tier, { name: 'RecallTier' });
registerEnumType(RecallSort, { name: 'RecallSort' });

@InputType()
export class RecallInput {
  @Field(() => String, { nullable: true, description: 'required for HYBRID' })
  query?: string | null;

  @Field(() => SearchMode, { nullable: true, defaultValue: SearchMode.HYBRID })
  mode?: SearchMode | null;

  @Field(() => [MemoryType], { nullable: true, description: 'required for TYPED; a filter in the other modes' })
  types?: MemoryType[] | null;

  @Field(() => Int, { nullable: true, defaultValue: 10 })
  limit?: number | null;

  @Field(() => String, { nullable: true, description: 'the conversation asking: its THREAD memories become visible' })
  channelId?: string | null;

  @Field(() => String, { nullable: true, description: 'its PROJECT memories become visible' })
  projectId?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  includeSuperseded?: boolean | null;

  @Field(() => RecallSort, { nullable: true, description: 'TYPED mode: RECENT (default), IMPORTANCE or MOST_ACCESSED' })
  sort?: RecallSort | null;

  @Field(() => String, {
    nullable: true,
    description: "a scheduled task asking: its own TASK memories become visible, never another task's",
  })
  sourceTaskId?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: true,
    description: 'interactive recall leaves memories written by tasks out (ignored when sourceTaskId is given)',
  })
  excludeTaskMemories?: boolean | null;

  @Field(() => Date, {
    nullable: true,
    description: 'the moment time expressions in the query ("last week", "yesterday") count from; omitted: now',
  })
  referenceTime?: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'answer with what was believed true at that moment (validFrom ≤ asOf < validUntil), whatever the status today',
  })
  asOf?: Date | null;
}

@ObjectType({
  description:
    'score = relevance × (0.6 + 0.4·importance) × (0.7 + 0.3·confidence) × (0.6 + 0.4·recency) × scope; ' +
    'relevance = calibrated fusion (text/max + w·vector min-max) + what neighbours lend + a share of the session best, ' +
    '× person, date-window and "when" boosts, scaled to 0..1 (src/recall/hybrid-ranking.ts; weights per embedding model)',
})
export class ScoreBreakdown {
  @Field(() => Float, { nullable: true, description: 'cosine similarity, null when the memory was not a vector hit' })
  vector!: number | null;

  @Field(() => Float, { nullable: true, description: 'full-text (BM25) score, null when not a text hit' })
  text!: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'score lent by neighbours (edges, adjacent turns), null when none lent',
  })
  graph!: number | null;

  @Field(() => Float, {
    description: 'weighted reciprocal rank fusion (k = 60) of the text and vector lists (explanation only)',
  })
  rrf!: number;

  @Field(() => Float, { description: 'fused relevance 0..1 (see the type description); 1 in metadata modes' })
  relevance!: number;

  @Field(() => Float)
  importance!: number;

  @Field(() => Float)
  confidence!: number;

  @Field(() => Float, { description: 'Ebbinghaus retention exp(-t/S), 0..1' })
  recency!: number;

  @Field(() => Float, { description: 'scope boost: THREAD 1.2, PROJECT 1.1, GLOBAL 1' })
  scope!: number;
}

@ObjectType()
export class RecallHit {
  @Field(() => Memory)
  memory!: Memory;

  @Field(() => Float)
  score!: number;

  @Field(() => Tier, { description: 'HIGH ≥ 0.5, MEDIUM ≥ 0.25, LOW below' })
  tier!: Tier;

  @Field(() => ScoreBreakdown)
  explanation!: ScoreBreakdown;
}

@ObjectType()
export class RecallResult {
  @Field(() => [RecallHit])
  hits!: RecallHit[];

  @Field(() => Float)
  tookMs!: number;

  @Field(() => Boolean, {
    description: 'false when the query could not be embedded and search ran on text and graph only',
  })
  usedVectors!: boolean;
}
