import { SourceRole } from 'src/domain/memory.enums';
import { ruleTags } from 'src/memory/rule-authority';

describe('ruleTags', () => {
  it.each([SourceRole.USER, SourceRole.SYSTEM])('should make a standing rule of %s a constraint', (role) => {
    expect(ruleTags(['ops'], role, true)).toEqual({ tags: ['ops', 'constraint'], note: null });
    expect(ruleTags(['constraint'], role, false)).toEqual({ tags: ['constraint'], note: null });
  });

  it.each([SourceRole.ASSISTANT, SourceRole.TOOL, SourceRole.TASK])(
    'should store a rule or a constraint tag of %s as a note, and say why',
    (role) => {
      const planted = ruleTags(['constraint', 'ops'], role, true);
      expect(planted.tags).toEqual(['ops']);
      expect(planted.note).toBe(
        `stored as a note, not a rule: only the user or an operator sets rules (source ${role})`,
      );
      expect(ruleTags(['constraint'], role, false).tags).toEqual([]);
      expect(ruleTags(['ops'], role, false)).toEqual({ tags: ['ops'], note: null });
    },
  );
});
