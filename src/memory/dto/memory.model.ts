import { Field, Float, ID, Int, ObjectType } from '@nestjs/graphql';

import {
  Direction,
  MemoryScope,
  MemoryStatus,
  MemoryType,
  RelationType,
  SourceRole,
  WriteOutcome,
} from 'src/domain/memory.enums';

@ObjectType()
export class MemorySource {
  @Field(() => SourceRole)
  role!: SourceRole;

  @Field(() => String, { nullable: true })
  channelId!: string | null;

  @Field(() => ID, { nullable: true })
  messageId!: string | null;

  @Field(() => String, { nullable: true })
  taskId!: string | null;

  @Field(() => String, { nullable: true })
  skillId!: string | null;
}

/** `supersededBy` and `associations` are resolved by MemoryResolver; the rest maps MemoryRecord one to one. */
@ObjectType()
export class Memory {
  @Field(() => ID)
  id!: string;

  @Field(() => MemoryType)
  type!: MemoryType;

  @Field(() => String)
  content!: string;

  @Field(() => String, { nullable: true, description: 'text around the source that search also looks at' })
  context!: string | null;

  @Field(() => MemoryStatus)
  status!: MemoryStatus;

  @Field(() => MemoryScope)
  scope!: MemoryScope;

  @Field(() => String, { nullable: true })
  channelId!: string | null;

  @Field(() => String, { nullable: true })
  projectId!: string | null;

  @Field(() => String, { nullable: true, description: 'name, age, location, ...: at most one ACTIVE memory per slot' })
  slot!: string | null;

  @Field(() => Float, { description: '0..1, blended (explicit, graph centrality, access)' })
  importance!: number;

  @Field(() => Float, { description: '0..1' })
  confidence!: number;

  @Field(() => [String])
  tags!: string[];

  @Field(() => MemorySource)
  source!: MemorySource;

  @Field(() => Date, { description: 'when it happened or was said; defaults to createdAt' })
  occurredAt!: Date;

  @Field(() => Date, { description: 'from when it was believed true: its occurredAt' })
  validFrom!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'until when it was believed true: when a correction or retraction ended it; null while it holds',
  })
  validUntil!: Date | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Date, { nullable: true })
  lastAccessedAt!: Date | null;

  @Field(() => Int)
  accessCount!: number;

  @Field(() => Boolean, { description: 'decay fell below the fading threshold: recall ranks it lower' })
  fading!: boolean;

  @Field(() => Date, { nullable: true, description: 'outlived its type lifetime' })
  expiredAt!: Date | null;

  /** The id of the memory that replaced this one; the `supersededBy` field resolves it to that Memory. */
  @Field(() => ID, { nullable: true, description: 'the memory that replaced this one (supersededBy reads it whole)' })
  supersededById!: string | null;
}

@ObjectType()
export class Association {
  @Field(() => RelationType)
  type!: RelationType;

  @Field(() => Direction, { description: 'OUT: this memory -> memory; IN: memory -> this memory' })
  direction!: Direction;

  @Field(() => Float)
  weight!: number;

  @Field(() => Memory)
  memory!: Memory;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class RememberResult {
  @Field(() => WriteOutcome)
  outcome!: WriteOutcome;

  @Field(() => Memory, { nullable: true, description: 'null only when REJECTED' })
  memory!: Memory | null;

  @Field(() => String, { nullable: true, description: 'why it was rejected, quarantined or reinforced' })
  reason!: string | null;

  @Field(() => [Memory], { description: 'memories this write retired' })
  superseded!: Memory[];

  @Field(() => [Association], { description: 'edges this write created automatically' })
  associations!: Association[];
}

@ObjectType()
export class MemoryPage {
  @Field(() => [Memory])
  items!: Memory[];

  @Field(() => String, { nullable: true })
  nextCursor!: string | null;

  @Field(() => Int)
  total!: number;
}

@ObjectType()
export class ImportResult {
  @Field(() => Int)
  created!: number;

  @Field(() => Int, { description: 'items whose content the tenant already had' })
  duplicates!: number;

  @Field(() => Int)
  quarantined!: number;

  @Field(() => Int)
  links!: number;

  @Field(() => [ID], { description: 'the memory id of each item, in input order' })
  ids!: string[];
}
