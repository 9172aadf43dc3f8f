import { loggedUrl } from 'src/logging/logging';

describe('loggedUrl', () => {
  it.each([
    ['/graphql', '/graphql'],
    ['/api/memories?q=my%20secret%20diagnosis&limit=5', '/api/memories?q&limit'],
    ['/api/memories?q=a&q=b', '/api/memories?q'],
    ['/viewer/?', '/viewer/?'],
    ['/api/x?%3Cscript%3E=1', '/api/x?%3Cscript%3E'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
