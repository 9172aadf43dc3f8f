import { BadInputError } from 'src/common/errors';
import { parseBody, rememberBody } from 'src/rest/rest-bodies';

describe('parseBody', () => {
  it('should name each wrong field of a JSON body', () => {
    expect(() => parseBody(rememberBody, { content: 3 })).toThrow(
      new BadInputError('content: Invalid input: expected string, received number'),
    );
  });

  it('should say that no JSON body was read when there is none (a body sent as text/plain, or none)', () => {
    expect(() => parseBody(rememberBody, undefined)).toThrow(
      new BadInputError(
        'content: Invalid input: expected string, received undefined (no JSON body was read: send one with Content-Type: application/json)',
      ),
    );
  });
});
