import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

/** Bodies and answers of the export, import and purge endpoints (REST) and the deletion mutations (GraphQL). */
export class PurgeRequestDto {
  @ApiProperty({
    description: 'must be the word "purge": everything of your tenant is removed for good',
    example: 'purge',
  })
  confirm!: string;
}

export class ImportCountsDto {
  @ApiProperty({ description: 'records written' })
  created!: number;

  @ApiProperty({ description: 'ids your tenant already had: left as they are' })
  existing!: number;

  @ApiProperty({
    description: 'ids another tenant holds, or a live memory already holds the fingerprint or ACTIVE slot: skipped',
  })
  conflicts!: number;
}

export class RenamedIdDto {
  @ApiProperty({ enum: ['memory', 'message', 'summary', 'bulletin', 'entity'] })
  kind!: string;

  @ApiProperty({ description: 'the id in the file' })
  from!: string;

  @ApiProperty({ description: 'the id it has in your tenant (references to it were replaced alike)' })
  to!: string;
}

export class ImportReportDto {
  @ApiProperty({ type: ImportCountsDto })
  channels!: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto })
  summaries!: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto })
  messages!: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto })
  memories!: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto, description: 'edges between memories (what `check` counts as associations)' })
  associations!: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto, description: 'EXTRACTED_FROM edges from memories to their messages' })
  extractions!: ImportCountsDto;

  @ApiProperty({
    type: ImportCountsDto,
    description: 'entities (a kind and name your tenant holds already: conflicts)',
  })
  entities!: ImportCountsDto;

  @ApiProperty({ type: ImportCountsDto })
  bulletins!: ImportCountsDto;

  @ApiProperty({ description: 'the model every vector was recomputed with' })
  embeddingModel!: string;

  @ApiProperty({ description: 'memories and messages stored without a vector (embedder unavailable)' })
  unembedded!: number;

  @ApiProperty({
    type: [RenamedIdDto],
    description:
      'ids of the file your tenant did not hold, each replaced by an id of your own (the same one on every import ' +
      'of the file); ids your tenant holds are kept',
  })
  renamedIds!: RenamedIdDto[];
}

export class TenantPurgeDto {
  @ApiProperty() memories!: number;
  @ApiProperty() associations!: number;
  @ApiProperty() memoryVectors!: number;
  @ApiProperty() memoryTextRows!: number;
  @ApiProperty() channels!: number;
  @ApiProperty() messages!: number;
  @ApiProperty() messageVectors!: number;
  @ApiProperty() messageTextRows!: number;
  @ApiProperty() summaries!: number;
  @ApiProperty() extractions!: number;
  @ApiProperty() bulletins!: number;
  @ApiProperty() citations!: number;
  @ApiProperty() jobStates!: number;
  @ApiProperty() llmUsage!: number;
  @ApiProperty({ description: 'queued or kept jobs of the tenant removed from the job queues (BullMQ)' }) jobs!: number;
}

@ObjectType({ description: 'what deleting a channel removed' })
export class ChannelDeletion {
  @ApiProperty()
  @Field(() => Int)
  channels!: number;

  @ApiProperty()
  @Field(() => Int)
  messages!: number;

  @ApiProperty()
  @Field(() => Int)
  summaries!: number;

  @ApiProperty({ description: 'memories extracted only from this channel (with withMemories=true)' })
  @Field(() => Int, { description: 'memories extracted only from this channel (with deleteMemories: true)' })
  memories!: number;
}

@ObjectType({ description: 'what purging a skill removed' })
export class SkillPurge {
  @ApiProperty()
  @Field(() => Int)
  memories!: number;

  @ApiProperty({ description: 'bulletins that cited them (the cortex writes a new one)' })
  @Field(() => Int, { description: 'bulletins that cited them (the cortex writes a new one)' })
  bulletins!: number;
}
