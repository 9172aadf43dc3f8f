import { MemoryScope } from 'src/domain/memory.enums';
import { scopeKey, scopeOf, scopeVisible, seenTogether, visibleScopes } from 'src/domain/visibility';

const global = { scope: MemoryScope.GLOBAL, channelId: null, projectId: null };
const project = (id: string) => ({ scope: MemoryScope.PROJECT, channelId: null, projectId: id });
const thread = (id: string) => ({ scope: MemoryScope.THREAD, channelId: id, projectId: null });

describe(scopeVisible.name, () => {
  it('should show GLOBAL everywhere, PROJECT in its project, THREAD in its channel', () => {
    expect(scopeVisible(global, {})).toBe(true);
    expect(scopeVisible(project('p'), { projectId: 'p' })).toBe(true);
    expect(scopeVisible(project('p'), { projectId: 'q', channelId: 'p' })).toBe(false);
    expect(scopeVisible(thread('c'), { channelId: 'c' })).toBe(true);
    expect(scopeVisible(thread('c'), { projectId: 'c' })).toBe(false);
  });
});

describe(seenTogether.name, () => {
  it.each([
    [global, thread('c'), true],
    [project('p'), global, true],
    [project('p'), project('p'), true],
    [project('p'), project('q'), false],
    [thread('c'), thread('c'), true],
    [thread('c'), thread('d'), false],
    [thread('c'), project('p'), true],
  ])('%j with %j: %s', (a, b, expected) => {
    expect(seenTogether(a, b)).toBe(expected);
    expect(seenTogether(b, a)).toBe(expected);
  });
});

describe(visibleScopes.name, () => {
  it('should list GLOBAL, then the reader project and channel when it has them, with their keys', () => {
    expect(visibleScopes({}).map(scopeKey)).toEqual(['G']);
    expect(visibleScopes({ projectId: null, channelId: null }).map(scopeKey)).toEqual(['G']);
    expect(visibleScopes({ projectId: 'p', channelId: 'c' }).map(scopeKey)).toEqual(['G', 'P:p', 'T:c']);
    expect([global, project('p'), thread('c')].map((m) => scopeKey(scopeOf(m)))).toEqual(['G', 'P:p', 'T:c']);
  });
});
