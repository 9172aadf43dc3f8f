import { registerEnumType } from '@nestjs/graphql';

// GraphQL takes enum value names from the keys, so keys are the contract's UPPER_CASE names.
export enum MessageRole {
  USER = 'USER',
  ASSISTANT = 'ASSISTANT',
  TOOL = 'TOOL',
  SYSTEM = 'SYSTEM',
}

/** Who wrote a message, as the channel knows them: only GUARDIAN messages may create or change memories. */
export enum Trust {
  GUARDIAN = 'GUARDIAN',
  TRUSTED_CONTACT = 'TRUSTED_CONTACT',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(MessageRole, { name: 'MessageRole' });
registerEnumType(Trust, { name: 'Trust' });
