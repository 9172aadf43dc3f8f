import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ApiProperty } from '@nestjs/swagger';

/** Where a tenant comes from: created at runtime (admin API) or named by an entry of ENGRAM_API_KEYS. */
export enum TenantSource {
  STORE = 'STORE',
  ENV = 'ENV',
}
registerEnumType(TenantSource, { name: 'TenantSource' });

/** The admin API's answers: the same class for GraphQL and REST (OpenAPI). */
@ObjectType({ description: 'a tenant: created at runtime (STORE) or named by ENGRAM_API_KEYS (ENV)' })
export class TenantInfo {
  @ApiProperty()
  @Field(() => String)
  id!: string;

  @ApiProperty({ enum: TenantSource })
  @Field(() => TenantSource)
  source!: TenantSource;

  @ApiProperty({ type: Date, nullable: true, description: 'null for a tenant only ENGRAM_API_KEYS names' })
  @Field(() => Date, { nullable: true })
  createdAt!: Date | null;

  @ApiProperty({ description: 'runtime keys not revoked and not expired' })
  @Field(() => Int, { description: 'runtime keys not revoked and not expired' })
  activeKeys!: number;
}

@ObjectType({ description: 'a runtime API key; the key itself is shown once, when it is made' })
export class ApiKeyInfo {
  @ApiProperty({ description: 'the public part of the key (egk_<id>_...)' })
  @Field(() => ID, { description: 'the public part of the key (egk_<id>_...)' })
  id!: string;

  @ApiProperty()
  @Field(() => String)
  tenantId!: string;

  @ApiProperty({ type: String, nullable: true })
  @Field(() => String, { nullable: true })
  name!: string | null;

  @ApiProperty({ description: 'queries only: every write is FORBIDDEN' })
  @Field(() => Boolean, { description: 'queries only: every write is FORBIDDEN' })
  readOnly!: boolean;

  @ApiProperty()
  @Field(() => Date)
  createdAt!: Date;

  @ApiProperty({ type: Date, nullable: true })
  @Field(() => Date, { nullable: true })
  expiresAt!: Date | null;

  @ApiProperty({ type: Date, nullable: true })
  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @ApiProperty({ description: 'neither revoked nor expired' })
  @Field(() => Boolean, { description: 'neither revoked nor expired' })
  active!: boolean;
}

@ObjectType({ description: 'a new key: `key` is shown this once and never stored' })
export class IssuedApiKey {
  @ApiProperty({ description: 'send it as Authorization: Bearer <key>; shown this once' })
  @Field(() => String, { description: 'send it as Authorization: Bearer <key>; shown this once' })
  key!: string;

  @ApiProperty({ type: ApiKeyInfo })
  @Field(() => ApiKeyInfo)
  apiKey!: ApiKeyInfo;
}

@ObjectType({ description: 'what deleting a tenant removed (its data is purged for good)' })
export class TenantDeletion {
  @ApiProperty()
  @Field(() => String)
  tenantId!: string;

  @ApiProperty({ description: 'runtime keys removed (refused at once)' })
  @Field(() => Int)
  keys!: number;

  @ApiProperty()
  @Field(() => Int)
  memories!: number;

  @ApiProperty()
  @Field(() => Int)
  channels!: number;

  @ApiProperty()
  @Field(() => Int)
  messages!: number;

  @ApiProperty()
  @Field(() => Int)
  bulletins!: number;
}

@InputType()
export class CreateApiKeyInput {
  @ApiProperty()
  @Field(() => String)
  tenantId!: string;

  @ApiProperty({ required: false, description: 'a label for people (e.g. "mobile app")' })
  @Field(() => String, { nullable: true, description: 'a label for people (e.g. "mobile app")' })
  name?: string | null;

  @ApiProperty({ required: false, type: Date, description: 'refused from this time on; omit for no expiry' })
  @Field(() => Date, { nullable: true, description: 'refused from this time on; omit for no expiry' })
  expiresAt?: Date | null;

  @ApiProperty({ required: false, description: 'queries only (default false)' })
  @Field(() => Boolean, { nullable: true, description: 'queries only (default false)' })
  readOnly?: boolean | null;
}
