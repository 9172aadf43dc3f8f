import { ApiProperty } from '@nestjs/swagger';

import { WriteOutcome } from 'src/domain/memory.enums';
import { AssociationDto, MemoryDto, MessageDto, SearchHitDto } from 'src/rest/dto/memory.dto';

/** Answers of the REST agent calls: GraphQL's types field for field (a test compares them). */
export class RememberResultDto {
  @ApiProperty({ enum: WriteOutcome, enumName: 'WriteOutcome' })
  outcome!: WriteOutcome;

  @ApiProperty({ type: MemoryDto, nullable: true })
  memory!: MemoryDto | null;

  @ApiProperty({ type: String, nullable: true, description: 'why it was rejected or quarantined' })
  reason!: string | null;

  @ApiProperty({ type: [MemoryDto], description: 'memories this one replaced' })
  superseded!: MemoryDto[];

  @ApiProperty({ type: [AssociationDto] })
  associations!: AssociationDto[];
}

export class MessageScoreBreakdownDto {
  @ApiProperty({ type: Number, nullable: true, description: 'cosine similarity, null when not a vector hit' })
  vector!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'full-text (BM25) score, null when not a text hit' })
  text!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'score inherited from a neighbouring message' })
  neighbour!: number | null;

  @ApiProperty()
  rrf!: number;

  @ApiProperty()
  relevance!: number;
}

export class MessageHitDto {
  @ApiProperty({ type: MessageDto })
  message!: MessageDto;

  @ApiProperty()
  score!: number;

  @ApiProperty({ type: MessageScoreBreakdownDto })
  explanation!: MessageScoreBreakdownDto;
}

export class AppendMessageResultDto {
  @ApiProperty({ type: MessageDto })
  message!: MessageDto;

  @ApiProperty({ type: [RememberResultDto], description: 'what the message taught (the write path’s outcomes)' })
  extracted!: RememberResultDto[];

  @ApiProperty({ type: [MemoryDto], description: 'memories the message took back ("forget ...")' })
  forgotten!: MemoryDto[];

  @ApiProperty()
  compactionQueued!: boolean;
}

export class AgentContextDto {
  @ApiProperty({ description: 'everything below as one text for a system prompt, within the token budget' })
  text!: string;

  @ApiProperty()
  tokenCount!: number;

  @ApiProperty({ type: String, nullable: true })
  bulletin!: string | null;

  @ApiProperty({ type: String, nullable: true })
  summary!: string | null;

  @ApiProperty({ type: [MemoryDto], description: 'rules the agent must follow' })
  constraints!: MemoryDto[];

  @ApiProperty({ type: [SearchHitDto] })
  memories!: SearchHitDto[];

  @ApiProperty({ type: [MessageDto] })
  messages!: MessageDto[];

  @ApiProperty({ type: [MessageHitDto] })
  earlierMessages!: MessageHitDto[];
}
