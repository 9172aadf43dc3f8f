import { ApiProperty } from '@nestjs/swagger';

import { MessageRole, Trust } from 'src/domain/conversation.enums';
import { Direction, MemoryScope, MemoryStatus, MemoryType, RelationType, SourceRole } from 'src/domain/memory.enums';
import { Tier } from 'src/recall/ranking';

/** REST response bodies; the OpenAPI document at /api/docs is generated from these classes. Dates are ISO-8601 strings. */
export class MemorySourceDto {
  @ApiProperty({ enum: SourceRole, enumName: 'SourceRole' })
  role!: SourceRole;

  @ApiProperty({ type: String, nullable: true })
  channelId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  messageId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  taskId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  skillId!: string | null;
}

export class MemoryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: MemoryType, enumName: 'MemoryType' })
  type!: MemoryType;

  @ApiProperty()
  content!: string;

  @ApiProperty({ type: String, nullable: true, description: 'text around the source that search also looks at' })
  context!: string | null;

  @ApiProperty({ enum: MemoryStatus, enumName: 'MemoryStatus' })
  status!: MemoryStatus;

  @ApiProperty({ enum: MemoryScope, enumName: 'MemoryScope' })
  scope!: MemoryScope;

  @ApiProperty({ type: String, nullable: true })
  channelId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  projectId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  slot!: string | null;

  @ApiProperty({ description: '0..1' })
  importance!: number;

  @ApiProperty({ description: '0..1' })
  confidence!: number;

  @ApiProperty({ type: [String] })
  tags!: string[];

  @ApiProperty({ type: MemorySourceDto })
  source!: MemorySourceDto;

  @ApiProperty({ description: 'decay fell below the fading threshold: recall ranks it lower' })
  fading!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'outlived its type lifetime' })
  expiredAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;

  @ApiProperty({ format: 'date-time', description: 'from when it was believed true: its occurredAt' })
  validFrom!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'until when it was believed true: when a correction or retraction ended it; null while it holds',
  })
  validUntil!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAccessedAt!: string | null;

  @ApiProperty()
  accessCount!: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  supersededById!: string | null;
}

export class MemoryPageDto {
  @ApiProperty({ type: [MemoryDto] })
  items!: MemoryDto[];

  @ApiProperty({ type: String, nullable: true, description: 'pass as `cursor` for the next page' })
  nextCursor!: string | null;

  @ApiProperty({ description: 'memories matching the filter' })
  total!: number;
}

export class AssociationDto {
  @ApiProperty({ enum: RelationType, enumName: 'RelationType' })
  type!: RelationType;

  @ApiProperty({
    enum: Direction,
    enumName: 'Direction',
    description: 'OUT: this memory -> memory; IN: memory -> this memory',
  })
  direction!: Direction;

  @ApiProperty()
  weight!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: MemoryDto })
  memory!: MemoryDto;
}

export class MessageDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  channelId!: string;

  @ApiProperty({ enum: MessageRole, enumName: 'MessageRole' })
  role!: MessageRole;

  @ApiProperty({ type: String, nullable: true })
  speaker!: string | null;

  @ApiProperty({ enum: Trust, enumName: 'Trust' })
  trust!: Trust;

  @ApiProperty()
  content!: string;

  @ApiProperty()
  tokenCount!: number;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class ProvenanceDto extends MemorySourceDto {
  @ApiProperty({ type: MessageDto, nullable: true, description: 'the message it was learned from, while it exists' })
  message!: MessageDto | null;
}

export class MemoryDetailsDto {
  @ApiProperty({ type: MemoryDto })
  memory!: MemoryDto;

  @ApiProperty({ type: MemoryDto, nullable: true })
  supersededBy!: MemoryDto | null;

  @ApiProperty({ type: [MemoryDto], description: 'memories this one retired' })
  supersedes!: MemoryDto[];

  @ApiProperty({ type: [AssociationDto] })
  associations!: AssociationDto[];

  @ApiProperty({ type: ProvenanceDto })
  provenance!: ProvenanceDto;
}

export class GraphEdgeDto {
  @ApiProperty({ format: 'uuid' })
  fromId!: string;

  @ApiProperty({ format: 'uuid' })
  toId!: string;

  @ApiProperty({ enum: RelationType, enumName: 'RelationType' })
  type!: RelationType;

  @ApiProperty()
  weight!: number;
}

export class NeighbourhoodDto {
  @ApiProperty({ format: 'uuid' })
  centreId!: string;

  @ApiProperty({ type: [MemoryDto] })
  nodes!: MemoryDto[];

  @ApiProperty({ type: [GraphEdgeDto] })
  edges!: GraphEdgeDto[];

  @ApiProperty({ description: 'more memories were within reach than maxNodes' })
  truncated!: boolean;
}

export class ScoreBreakdownDto {
  @ApiProperty({ type: Number, nullable: true, description: 'cosine similarity, null when not a vector hit' })
  vector!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'full-text (BM25) score, null when not a text hit' })
  text!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'neighbour score, null when not reached through an edge' })
  graph!: number | null;

  @ApiProperty({ description: 'weighted reciprocal rank fusion of the text, vector and graph lists' })
  rrf!: number;

  @ApiProperty({ description: 'fused relevance 0..1' })
  relevance!: number;

  @ApiProperty()
  importance!: number;

  @ApiProperty()
  confidence!: number;

  @ApiProperty({ description: 'retention exp(-t/S), 0..1' })
  recency!: number;

  @ApiProperty({ description: 'scope boost: THREAD 1.2, PROJECT 1.1, GLOBAL 1' })
  scope!: number;
}

export class SearchHitDto {
  @ApiProperty({ type: MemoryDto })
  memory!: MemoryDto;

  @ApiProperty({
    description: 'relevance × (0.6 + 0.4·importance) × (0.7 + 0.3·confidence) × (0.6 + 0.4·recency) × scope',
  })
  score!: number;

  @ApiProperty({ enum: Tier, enumName: 'RecallTier' })
  tier!: Tier;

  @ApiProperty({ type: ScoreBreakdownDto })
  explanation!: ScoreBreakdownDto;
}

export class SearchResultDto {
  @ApiProperty({ type: [SearchHitDto] })
  hits!: SearchHitDto[];

  @ApiProperty()
  tookMs!: number;

  @ApiProperty({ description: 'false when the query could not be embedded and search ran on text and graph only' })
  usedVectors!: boolean;
}

export class DeletedDto {
  @ApiProperty()
  deleted!: boolean;
}

export class ErrorBodyDto {
  @ApiProperty({
    enum: [
      'UNAUTHENTICATED',
      'FORBIDDEN',
      'BAD_USER_INPUT',
      'NOT_FOUND',
      'RATE_LIMITED',
      'QUERY_TOO_COMPLEX',
      'UNAVAILABLE',
      'INTERNAL_SERVER_ERROR',
    ],
  })
  code!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ required: false, description: 'RATE_LIMITED: seconds to wait (also the Retry-After header)' })
  retryAfter?: number;
}

export class ErrorDto {
  @ApiProperty({ type: ErrorBodyDto })
  error!: ErrorBodyDto;
}
