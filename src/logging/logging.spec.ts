import { loggedUrl } from 'src/logging/logging';

describe('loggedUrl', () => {
  it.each([
    ['/graphql', '/graphql'],
    ['/api/memories?q=my%20secret%20diagnosis&limit=5', '/api/memories?(2)'],
    ['/api/memories?q=a&q=b', '/api/memories?(2)'],
    ['/viewer/?', '/viewer/?(0)'],
    ['/api/x?%3Cscript%3E=1', '/api/x?(1)'],
    ['/api/memories?my%20secret%20diagnosis', '/api/memories?(1)'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
