import { detectInjection } from 'src/memory/guards/injection';
import { fold } from 'src/memory/guards/injection-text';
import { SourceRole } from 'src/domain/memory.enums';
for (const n of [2500, 5000, 10000, 20000, 40000]) {
  const t = 'remember that' + '\u0301'.repeat(n) + 'x';
  let best = Infinity, bf = Infinity, bn = Infinity;
  for (let i = 0; i < 3; i++) { fold('r' + i); const s = performance.now(); detectInjection(t, SourceRole.TOOL); best = Math.min(best, performance.now() - s); }
  for (let i = 0; i < 3; i++) { fold('r' + i); const s = performance.now(); fold(t); bf = Math.min(bf, performance.now() - s); }
  for (let i = 0; i < 3; i++) { const s = performance.now(); t.normalize('NFKC').normalize('NFD'); bn = Math.min(bn, performance.now() - s); }
  console.log(n, best.toFixed(1), 'fold', bf.toFixed(1), 'normalize', bn.toFixed(1));
}
