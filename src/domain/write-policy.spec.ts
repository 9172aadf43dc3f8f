import { SourceRole } from 'src/domain/memory.enums';
import { mayRetire } from 'src/domain/write-policy';

describe(mayRetire.name, () => {
  const said = (role: SourceRole) => ({ source: { role } });

  it('should let the user retire anything, and other sources only what no user said', () => {
    for (const role of Object.values(SourceRole)) {
      expect(mayRetire(SourceRole.USER, said(role))).toBe(true);
    }
    for (const by of Object.values(SourceRole).filter((role) => role !== SourceRole.USER)) {
      expect(mayRetire(by, said(SourceRole.USER))).toBe(false);
      expect(mayRetire(by, said(SourceRole.TOOL))).toBe(true);
    }
  });
});
