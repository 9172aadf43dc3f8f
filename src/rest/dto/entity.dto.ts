import { ApiProperty } from '@nestjs/swagger';

import { EntityKind } from 'src/domain/entity.types';

/** An entity (GraphQL `Entity`); its memories and related entities are at their own routes. */
export class EntityDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: EntityKind, enumName: 'EntityKind' })
  kind!: EntityKind;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: [String], description: 'other names it was written as, and those of entities merged into it' })
  aliases!: string[];

  @ApiProperty({ type: [String], description: 'entities merged into this one (split undoes a merge)' })
  mergedIds!: string[];

  @ApiProperty({ type: 'integer', description: 'how many memories mention it (any entity merged into it included)' })
  memoryCount!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: string;
}

export class RelatedEntityDto {
  @ApiProperty({ type: EntityDto })
  entity!: EntityDto;

  @ApiProperty({ description: 'memories mentioning both' })
  shared!: number;
}
