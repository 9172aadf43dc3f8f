import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';

/**
 * Adversarial inputs made from an expression's own literals: for each top-level alternative, the literal pieces a
 * match walks through in order ("visit", "http", "://", "?", "a", "="), and the text made by repeating each prefix of
 * them with a separator ("visit/http://visit/http://...": "http://open/" repeated). A quadratic expression
 * backtracks from every start to the end of exactly such text: one unbounded run that the next piece starts again.
 */

/** Characters tried, in order, as the stand-in for a class or set (the first one the class accepts). */
const STAND_INS = ['a', 'x', 'A', '0', ' ', '/', '.', '-', '_', '=', '?', 'é', 'ж', '中'];
const SEPARATORS = ['', ' ', '/'];
const MAX_PREFIXES = 8;

/** A break where a separator may go (an assertion, a group's or a class's edge), or where an optional part was left out */
const HARD = { break: 'hard' } as const;
const SOFT = { break: 'soft' } as const;
type Piece = string | typeof HARD | typeof SOFT;

function standIn(raw: string, flags: string): string | null {
  const pattern = new RegExp(`^${raw}$`, flags.replace(/[gy]/gu, ''));

  return STAND_INS.find((char) => pattern.test(char)) ?? null;
}

function piecesOf(nodes: readonly AST.Node[], flags: string): Piece[] {
  return nodes.flatMap((node) => pieceOf(node, flags));
}

function pieceOf(node: AST.Node, flags: string): Piece[] {
  switch (node.type) {
    case 'Character':
      return [String.fromCodePoint(node.value)];
    case 'CharacterClass':
    case 'CharacterSet':
    case 'ExpressionCharacterClass': {
      const char = standIn(node.raw, flags);

      return char === null ? [HARD] : [HARD, char, HARD];
    }
    case 'Group':
    case 'CapturingGroup':
      return [HARD, ...piecesOf(node.alternatives[0]?.elements ?? [], flags), HARD];
    case 'Quantifier': {
      if (node.min === 0) {
        return [SOFT];
      }
      const once = pieceOf(node.element, flags);

      return Array.from({ length: Math.min(node.min, 3) }, () => once).flat();
    }
    default:
      return [HARD];
  }
}

/**
 * The prefixes of an alternative: cut at every break, the pieces joined by `separator` at hard breaks and directly at
 * soft ones, and the separator after the last one (it stands between two repetitions).
 */
function prefixes(pieces: readonly Piece[], separator: string): string[] {
  const out: string[] = [];
  let text = '';
  let pending = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += pending + piece;
      pending = '';
    } else if (text !== '') {
      out.push(text + separator);
      pending = piece === HARD ? separator : pending;
    }
  }
  out.push(text + separator);

  return [...new Set(out)].slice(0, MAX_PREFIXES);
}

/** Hostile texts of about `size` characters: each literal prefix of each alternative, repeated with each separator. */
export function witnessTexts(pattern: RegExp, size: number, maxTexts = 60): string[] {
  const parser = new RegExpParser({ ecmaVersion: 2025 });
  const ast = parser.parsePattern(pattern.source, 0, pattern.source.length, {
    unicode: pattern.unicode,
    unicodeSets: pattern.flags.includes('v'),
  });
  const units = new Set<string>();
  for (const alternative of ast.alternatives) {
    const pieces = piecesOf(alternative.elements, pattern.flags);
    for (const separator of SEPARATORS) {
      for (const unit of prefixes(pieces, separator)) {
        units.add(unit);
      }
    }
  }

  return [...units]
    .filter((unit) => unit.trim() !== '')
    .slice(0, maxTexts)
    .map((unit) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size));
}
