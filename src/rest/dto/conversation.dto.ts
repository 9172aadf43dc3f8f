import { ApiProperty } from '@nestjs/swagger';

import { MemoryDto, MessageDto } from 'src/rest/dto/memory.dto';

export class ChannelDto {
  @ApiProperty()
  id!: string;

  @ApiProperty()
  private!: boolean;

  @ApiProperty({ type: String, nullable: true })
  projectId!: string | null;

  @ApiProperty({ description: 'the configured history budget, or the default' })
  tokenBudget!: number;

  @ApiProperty()
  messageCount!: number;

  @ApiProperty({ type: String, nullable: true, description: 'compacted earlier history' })
  summary!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastMessageAt!: string | null;
}

export class ChannelPageDto {
  @ApiProperty({ type: [ChannelDto] })
  items!: ChannelDto[];

  @ApiProperty({ type: String, nullable: true, description: 'pass as `cursor` for the next page' })
  nextCursor!: string | null;
}

export class MessageMemoriesDto {
  @ApiProperty({ format: 'uuid' })
  messageId!: string;

  @ApiProperty({ type: [MemoryDto] })
  memories!: MemoryDto[];
}

export class MessagePageDto {
  @ApiProperty({ type: [MessageDto], description: 'oldest first; the first page holds the newest messages' })
  items!: MessageDto[];

  @ApiProperty({
    type: [MessageMemoriesDto],
    description: 'for each message of the page that produced memories: which',
  })
  learned!: MessageMemoriesDto[];

  @ApiProperty({ type: String, nullable: true, description: 'pass as `cursor` for the page of older messages' })
  nextCursor!: string | null;
}

export class BulletinDto {
  @ApiProperty()
  id!: string;

  @ApiProperty({ description: 'headings with one line per memory; each line ends with the first characters of its id' })
  content!: string;

  @ApiProperty({ format: 'date-time' })
  generatedAt!: string;

  @ApiProperty({ type: [String], description: 'the memories it was built from, in line order' })
  memoryIds!: string[];
}

export class CurrentBulletinDto {
  @ApiProperty({ type: BulletinDto, nullable: true, description: 'null until the first bulletin is generated' })
  bulletin!: BulletinDto | null;
}
