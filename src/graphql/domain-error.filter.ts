import { Catch } from '@nestjs/common';
import type { GqlExceptionFilter } from '@nestjs/graphql';

import { DomainError } from 'src/common/errors';

/** Domain errors are answers, not failures: hand them to the GraphQL formatter without Nest logging a stack. */
@Catch(DomainError)
export class DomainErrorFilter implements GqlExceptionFilter {
  catch(exception: DomainError): DomainError {
    return exception;
  }
}
